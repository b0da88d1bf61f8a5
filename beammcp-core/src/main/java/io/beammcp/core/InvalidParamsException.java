package io.beammcp.core;

/**
 * Thrown by host code (a tool, a resource reader, a prompt renderer, a completer) to refuse a request whose
 * arguments it cannot serve: the client gets {@code -32602} with this message, which is therefore written
 * for the client. Made with {@link #notFound(String)}, a resource read gets the revision's not-found error
 * instead ({@code -32002} in 2025-11-25) with the URI in {@code data}.
 */
public class InvalidParamsException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final boolean notFound;

    /**
     * Refuses the request's arguments.
     *
     * @param message what is wrong, for the client
     */
    public InvalidParamsException(String message) {
        this(message, false);
    }

    private InvalidParamsException(String message, boolean notFound) {
        super(message, null, false, false);
        this.notFound = notFound;
    }

    /**
     * Says that what the request names does not exist.
     *
     * @param message what was not found, for the client, for example {@code "No note 42"}
     * @return the exception to throw
     */
    public static InvalidParamsException notFound(String message) {
        return new InvalidParamsException(message, true);
    }

    /**
     * Whether this is a not-found answer.
     *
     * @return {@code true} when made with {@link #notFound(String)}
     */
    public boolean isNotFound() {
        return notFound;
    }
}
