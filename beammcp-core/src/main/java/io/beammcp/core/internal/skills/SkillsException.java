package io.beammcp.core.internal.skills;

/**
 * A refusal of a skills request, as a JSON-RPC error to send: its code, its message ({@link #reason()}, written
 * for the client) and the URI it is about ({@code data.uri}). A {@linkplain #notFound() not-found} read gets
 * the revision's code for an unknown resource instead of {@link #code()}.
 */
public final class SkillsException extends RuntimeException {

    public static final int INVALID_PARAMS = -32602;
    public static final int INTERNAL_ERROR = -32603;

    private static final long serialVersionUID = 1L;

    private final int code;
    private final String reason;
    private final String uri;
    private final boolean notFound;

    private SkillsException(int code, String reason, String uri, boolean notFound, Throwable cause) {
        super(reason, cause, false, false);
        this.code = code;
        this.reason = reason;
        this.uri = uri;
        this.notFound = notFound;
    }

    static SkillsException invalidParams(String reason, String uri) {
        return new SkillsException(INVALID_PARAMS, reason, uri, false, null);
    }

    /** A {@code resources/read} of a URI no skill serves to this caller. */
    static SkillsException notFound(String uri) {
        return new SkillsException(INVALID_PARAMS, "Resource not found", uri, true, null);
    }

    /** A file of a dynamic skill that could not be read; the cause is for the log, never for the client. */
    static SkillsException internal(String uri, Throwable cause) {
        return new SkillsException(INTERNAL_ERROR, "Internal error", uri, false, cause);
    }

    /** {@code -32602} or {@code -32603}. */
    public int code() {
        return code;
    }

    /** The error message, written for the client. */
    public String reason() {
        return reason;
    }

    /** The URI for {@code data.uri}, or {@code null} when the request named none. */
    public String uri() {
        return uri;
    }

    /**
     * Whether this answers a {@code resources/read} of an unknown URI: {@code -32602} in 2026-07-28 and
     * {@code -32002} in 2025-11-25, as for any resource.
     */
    public boolean notFound() {
        return notFound;
    }
}
