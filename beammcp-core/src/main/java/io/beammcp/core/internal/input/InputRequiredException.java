package io.beammcp.core.internal.input;

/**
 * Ends a 2026-07-28 round once host code asked for input: not a failure, so it carries no stack. The server
 * answers from what the request's {@link RequestInput} recorded, even when host code caught this.
 */
public final class InputRequiredException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public InputRequiredException() {
        super("The client's input is required; the round ends here", null, false, false);
    }
}
