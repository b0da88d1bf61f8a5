package io.beammcp.core;

import java.util.List;

/**
 * Thrown by {@link CallContext#requireInput} when the client did not declare a capability a request needs,
 * so the request was not sent. Host code may catch it and do without (check first with
 * {@link CallContext#canRequest}); left uncaught it answers the client: in 2026-07-28 with {@code -32021}
 * and {@code data.requiredCapabilities}, in 2025-11-25 a tool call with a tool error naming the capability
 * and other requests with {@code -32602}.
 */
public final class MissingClientCapabilityException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient List<List<String>> missing;

    /**
     * An exception naming what is missing.
     *
     * @param missing each missing capability as a path of names, for example {@code ["elicitation", "url"]}
     */
    public MissingClientCapabilityException(List<List<String>> missing) {
        super("The client did not declare " + describe(missing), null, false, false);
        this.missing = List.copyOf(missing.stream().map(List::copyOf).toList());
    }

    /**
     * The missing capabilities.
     *
     * @return each as a path of names
     */
    public List<List<String>> missing() {
        return missing;
    }

    private static String describe(List<List<String>> missing) {
        return String.join(", ", missing.stream().map(path -> String.join(".", path)).toList());
    }
}
