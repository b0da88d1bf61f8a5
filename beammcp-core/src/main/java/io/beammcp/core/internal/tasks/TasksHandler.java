package io.beammcp.core.internal.tasks;

import io.beammcp.core.internal.access.Callers;
import io.beammcp.core.internal.call.Outcome;
import io.beammcp.core.internal.call.Request;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.tasks.TaskRecord;
import tools.jackson.databind.JsonNode;

/**
 * {@code tasks/get}, {@code tasks/update} and {@code tasks/cancel}, in this order of checks: the extension
 * declared by this request ({@code -32021}, before anything about the task), the params, then the task, which
 * must be known, unexpired and the caller's own ({@code -32602} otherwise, as for an id that never existed).
 */
public final class TasksHandler {

    private final Tasks tasks;
    private final JsonCodec codec;

    public TasksHandler(Tasks tasks, JsonCodec codec) {
        this.tasks = tasks;
        this.codec = codec;
    }

    public Outcome get(Request request) {
        return Outcome.result(tasks.json().detailed(task(request)));
    }

    /** Delivers answers to outstanding input requests; the ack is empty. */
    public Outcome update(Request request) {
        TaskRecord task = task(request);
        JsonNode responses = request.params().get("inputResponses");
        if (responses == null || !responses.isObject()) {
            throw McpError.invalidParams("Invalid params: inputResponses must be an object");
        }
        tasks.deliver(task.id(), responses);
        return Outcome.result(codec.object());
    }

    /** Asks for cancellation; a task already ended gets the same empty ack. */
    public Outcome cancel(Request request) {
        TaskRecord task = task(request);
        tasks.cancel(task.id());
        return Outcome.result(codec.object());
    }

    private TaskRecord task(Request request) {
        if (!Tasks.declared(request.context())) {
            throw Tasks.extensionRequired(codec);
        }
        JsonNode id = request.params() == null ? null : request.params().get("taskId");
        if (id == null || !id.isString()) {
            throw McpError.invalidParams("Invalid params: taskId must be a string");
        }
        TaskRecord task = tasks.visible(id.stringValue(), Callers.of(request.exchange()));
        if (task == null) {
            throw McpError.invalidParams("Invalid params: no such task");
        }
        return task;
    }
}
