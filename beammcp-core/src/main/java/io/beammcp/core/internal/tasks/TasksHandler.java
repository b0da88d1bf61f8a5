package io.beammcp.core.internal.tasks;

import io.beammcp.core.extension.ExtensionRequest;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.tasks.TaskRecord;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code tasks/get}, {@code tasks/update} and {@code tasks/cancel}, for requests that declared the extension
 * (the extension's negotiation refuses the others with {@code -32021}, before anything about the task): the
 * params, then the task, which must be known, unexpired and the caller's own ({@code -32602} otherwise, as for
 * an id that never existed).
 */
final class TasksHandler {

    private final Tasks tasks;
    private final JsonCodec codec;

    TasksHandler(Tasks tasks, JsonCodec codec) {
        this.tasks = tasks;
        this.codec = codec;
    }

    ObjectNode get(ExtensionRequest request) {
        return tasks.json().detailed(task(request));
    }

    /** Delivers answers to outstanding input requests; the ack is empty. */
    ObjectNode update(ExtensionRequest request) {
        TaskRecord task = task(request);
        JsonNode responses = request.params().get("inputResponses");
        if (responses == null || !responses.isObject()) {
            throw McpError.invalidParams("Invalid params: inputResponses must be an object");
        }
        tasks.deliver(task.id(), responses);
        return codec.object();
    }

    /** Asks for cancellation; a task already ended gets the same empty ack. */
    ObjectNode cancel(ExtensionRequest request) {
        TaskRecord task = task(request);
        tasks.cancel(task.id());
        return codec.object();
    }

    private TaskRecord task(ExtensionRequest request) {
        JsonNode id = request.params().get("taskId");
        if (id == null || !id.isString()) {
            throw McpError.invalidParams("Invalid params: taskId must be a string");
        }
        TaskRecord task = tasks.visible(id.stringValue(), request.caller());
        if (task == null) {
            throw McpError.invalidParams("Invalid params: no such task");
        }
        return task;
    }
}
