package io.beammcp.core.internal.tasks;

import io.beammcp.core.MissingClientCapabilityException;
import io.beammcp.core.Revision;
import io.beammcp.core.internal.input.InputAnswers;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.tasks.TaskRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

import java.time.Clock;
import java.util.concurrent.CancellationException;

/**
 * How a task's record ends: {@code completed} with the tool's result, {@code failed} with the JSON-RPC error
 * inlined, or {@code cancelled}. An ended task never changes again, so each of these leaves one as it is.
 */
final class TaskEnds {

    private static final Logger log = LoggerFactory.getLogger(Tasks.class);

    private final JsonCodec codec;
    private final TaskJson json;
    private final Clock clock;

    TaskEnds(JsonCodec codec, TaskJson json, Clock clock) {
        this.codec = codec;
        this.json = json;
        this.clock = clock;
    }

    /** The record once the work ended with {@code result} or {@code failure}, or was cancelled. */
    TaskRecord end(TaskRecord current, ObjectNode result, RuntimeException failure, boolean cancelled) {
        if (current.terminal()) {
            return current;
        }
        if (cancelled || current.cancelRequested() || failure instanceof CancellationException) {
            return current.ended("cancelled", null, null, "The task was cancelled", clock.instant());
        }
        if (failure == null) {
            return current.ended("completed", json.write(json.inlined(result)), null, null, clock.instant());
        }
        McpError error = failure instanceof McpError e ? e
                : failure instanceof MissingClientCapabilityException e
                        ? InputAnswers.missingCapability(codec, Revision.V2026_07_28, e)
                        : internal(failure);
        ObjectNode body = codec.object().put("code", error.code()).put("message", error.getMessage());
        if (error.data() != null) {
            body.set("data", error.data());
        }
        return current.ended("failed", null, json.write(body), error.getMessage(), clock.instant());
    }

    /** The record failed with {@code -32603} because its server stopped running it, as {@code why} says. */
    TaskRecord stopped(TaskRecord current, String message, String why) {
        if (current.terminal()) {
            return current;
        }
        ObjectNode error = codec.object().put("code", McpError.INTERNAL_ERROR).put("message", message);
        return current.ended("failed", null, json.write(error), why, clock.instant());
    }

    private static McpError internal(RuntimeException failure) {
        log.error("A task's work failed; its status is failed with -32603", failure);
        return new McpError(McpError.INTERNAL_ERROR, "Internal error");
    }
}
