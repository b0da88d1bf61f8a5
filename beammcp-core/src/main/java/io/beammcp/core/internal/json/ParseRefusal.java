package io.beammcp.core.internal.json;

/**
 * Input the one reader refuses: not UTF-8 JSON text, past a reader limit, or empty. Its reason never echoes
 * the input, so the engine answers it as a parse error as it is.
 */
public final class ParseRefusal extends RuntimeException {

    private final String reason;

    ParseRefusal(String reason) {
        super(reason, null, false, false);
        this.reason = reason;
    }

    /** Why, in words fit for the client: a {@code -32700} error's message. */
    public String reason() {
        return reason;
    }
}
