package io.beammcp.core.internal.call;

import io.beammcp.core.InputRequest;
import tools.jackson.databind.JsonNode;

import java.util.Map;

/** What a task-capable call adds to its host context: becoming a task, and input through the task. */
public interface TaskBinding {

    /** Makes the call a task now, if it is not one; {@code true} when it is (now) a task. */
    boolean startTask();

    /** Whether the call has become a task. */
    boolean isTask();

    /** Whether the task was cancelled. */
    boolean isCancelled();

    /** Asks the client through the task and waits for every answer (task phase only). */
    void requireInput(Map<String, InputRequest> requests);

    /** An answer the task received under {@code key}, or {@code null}. */
    JsonNode answer(String key);
}
