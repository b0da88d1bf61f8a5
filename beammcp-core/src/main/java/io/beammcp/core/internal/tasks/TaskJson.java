package io.beammcp.core.internal.tasks;

import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.tasks.TaskRecord;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Tasks on the wire: the flat {@code CreateTaskResult}, and the detailed task of {@code tasks/get}. */
final class TaskJson {

    private final JsonCodec codec;

    TaskJson(JsonCodec codec) {
        this.codec = codec;
    }

    /** {@code CreateTaskResult}: {@code resultType: "task"} and the task's own fields, nothing else. */
    ObjectNode created(TaskRecord task) {
        ObjectNode result = codec.object().put("resultType", "task");
        putTask(result, task);
        return result;
    }

    /** The task as {@code tasks/get} and {@code notifications/tasks} show it: with its requests, result or error. */
    ObjectNode detailed(TaskRecord task) {
        ObjectNode result = codec.object();
        putTask(result, task);
        if ("input_required".equals(task.status()) && task.inputRequests() != null) {
            result.set("inputRequests", read(task.inputRequests()));
        } else if ("completed".equals(task.status()) && task.result() != null) {
            result.set("result", read(task.result()));
        } else if ("failed".equals(task.status()) && task.error() != null) {
            result.set("error", read(task.error()));
        }
        return result;
    }

    private static void putTask(ObjectNode node, TaskRecord task) {
        node.put("taskId", task.id());
        node.put("status", task.status());
        if (task.statusMessage() != null) {
            node.put("statusMessage", task.statusMessage());
        }
        node.put("createdAt", task.createdAt().toString());
        node.put("lastUpdatedAt", task.lastUpdatedAt().toString());
        if (task.ttlMs() == null) {
            node.putNull("ttlMs");
        } else {
            node.put("ttlMs", task.ttlMs());
        }
        node.put("pollIntervalMs", task.pollIntervalMs());
    }

    ObjectNode read(String json) {
        return (ObjectNode) codec.read(json);
    }

    /**
     * A task's result as {@code tasks/get} inlines it: the object the call would have returned at once, its
     * {@code resultType} first.
     */
    ObjectNode inlined(ObjectNode result) {
        if (result.has("resultType")) {
            return result;
        }
        ObjectNode inlined = codec.object().put("resultType", "complete");
        inlined.setAll(result);
        return inlined;
    }

    String write(JsonNode node) {
        return codec.writeString(node);
    }
}
