package io.beammcp.core.extension;

import io.beammcp.core.InputRequest;
import tools.jackson.databind.JsonNode;

import java.util.Map;

/**
 * What a wrapping extension adds to a call's context while its host code runs: the call can be handed over to
 * the extension ({@link io.beammcp.core.CallContext#startTask()}), after which its input goes through the
 * extension and its progress and log messages are no longer sent.
 */
public interface CallBinding {

    /**
     * Hands the call over now, if it is not yet.
     *
     * @return {@code true} when it is (now) handed over
     */
    boolean startTask();

    /**
     * Whether the call is handed over.
     *
     * @return {@code true} once handed over
     */
    boolean isTask();

    /**
     * Whether the extension cancelled the call.
     *
     * @return {@code true} once cancelled
     */
    boolean isCancelled();

    /**
     * Asks the client through the extension and waits for every answer; only once handed over.
     *
     * @param requests what to ask, by key
     */
    void requireInput(Map<String, InputRequest> requests);

    /**
     * An answer received through the extension.
     *
     * @param key the key it was asked under
     * @return the answer, or {@code null}
     */
    JsonNode answer(String key);
}
