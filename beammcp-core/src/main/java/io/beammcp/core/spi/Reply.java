package io.beammcp.core.spi;

import io.beammcp.core.Revision;

import java.util.List;

/**
 * The core's answer to one incoming message, for a transport to frame: one {@link Kind} and the few facts
 * that kind needs. A transport maps the kind to its framing in one {@code switch} (over HTTP, to a status).
 *
 * @param kind what the answer is
 * @param revision the revision the message was served under, or {@code null} when it could not be
 *        classified (unreadable JSON, a malformed envelope)
 * @param body the JSON-RPC response to send, or {@code null} when nothing is sent
 * @param errorCode the JSON-RPC error code of {@code body}, or {@code null} for a result or no body
 * @param openedSession the legacy session an {@code initialize} opened (a {@link Kind#RESULT} only), or
 *        {@code null}
 * @param scopes every scope the refused operation needs (a {@link Kind#INSUFFICIENT_SCOPE} only), else empty
 * @param retryAfterSeconds when the caller may call again, in whole seconds rounded up (a
 *        {@link Kind#RATE_LIMITED} only, else zero)
 */
public record Reply(Kind kind, Revision revision, byte[] body, Integer errorCode, LegacySession openedSession,
        List<String> scopes, long retryAfterSeconds) {

    /** Copies the scopes. */
    public Reply {
        scopes = scopes == null ? List.of() : List.copyOf(scopes);
    }

    /**
     * A reply that names no scope and no retry time.
     *
     * @param kind what the answer is
     * @param revision the revision served, or {@code null}
     * @param body the response, or {@code null}
     * @param errorCode its error code, or {@code null}
     * @param openedSession the session an {@code initialize} opened, or {@code null}
     */
    public Reply(Kind kind, Revision revision, byte[] body, Integer errorCode, LegacySession openedSession) {
        this(kind, revision, body, errorCode, openedSession, List.of(), 0);
    }

    /** The kinds of answer, each framed its own way. */
    public enum Kind {

        /** A result: the response to send ({@code body}), and possibly a session it opened. */
        RESULT,

        /** A handler's error outcome, a response like a result (over HTTP still 200). */
        ERROR,

        /**
         * The message is refused as such (malformed, wrong headers, unsupported version, unknown 2026-07-28
         * method): over HTTP a 4xx status; a refused notification or client response has no body.
         */
        REFUSED,

        /** A notification or a client's response was accepted: nothing to send (HTTP 202). */
        ACCEPTED,

        /**
         * A request (or stream) ends without a response: it was cancelled, or it is a stream the client or
         * the server ended; over HTTP its response ends, empty or after what was already sent.
         */
        UNANSWERED,

        /** The message needs a legacy session the exchange did not have; {@code body} for a request. */
        SESSION_MISSING,

        /** The request would open more streams than allowed (HTTP 429). */
        OVER_LIMIT,

        /**
         * The caller may see what it named but lacks scopes it declares ({@code scopes}, all of them;
         * {@code body} the {@code -31403} error): over HTTP 403 with a {@code WWW-Authenticate} step-up
         * challenge, decided before any event-stream byte.
         */
        INSUFFICIENT_SCOPE,

        /**
         * A tool call over its caller's rate, on a transport that frames it ({@link TransportFacts#rateLimitStatus()}):
         * HTTP 429 with {@code Retry-After} from {@code retryAfterSeconds}, and the JSON-RPC error {@code -31429}.
         */
        RATE_LIMITED,

        /** The client asked the stdio loop to stop: {@code shutdown} (answered by {@code body}) or {@code exit}. */
        END_OF_INPUT
    }

    /**
     * A result to send.
     *
     * @param revision the revision served
     * @param body the encoded response
     * @param openedSession the session an {@code initialize} opened, or {@code null}
     * @return the reply
     */
    public static Reply result(Revision revision, byte[] body, LegacySession openedSession) {
        return new Reply(Kind.RESULT, revision, body, null, openedSession);
    }

    /**
     * An error response: a handler's outcome, or a refusal of the message as such.
     *
     * @param kind {@link Kind#ERROR}, {@link Kind#REFUSED}, {@link Kind#SESSION_MISSING} or {@link Kind#OVER_LIMIT}
     * @param revision the revision served, or {@code null}
     * @param body the encoded error response, or {@code null} when nothing is sent (a notification)
     * @param code its JSON-RPC error code
     * @return the reply
     */
    public static Reply error(Kind kind, Revision revision, byte[] body, int code) {
        return new Reply(kind, revision, body, code, null);
    }

    /**
     * A use refused for lack of scopes.
     *
     * @param revision the revision served
     * @param body the encoded {@code -31403} error response
     * @param code its JSON-RPC error code
     * @param scopes every scope the operation needs
     * @return the reply
     */
    public static Reply insufficientScope(Revision revision, byte[] body, int code, List<String> scopes) {
        return new Reply(Kind.INSUFFICIENT_SCOPE, revision, body, code, null, scopes, 0);
    }

    /**
     * A tool call refused for its caller's rate.
     *
     * @param revision the revision served
     * @param body the encoded error response
     * @param code its JSON-RPC error code
     * @param retryAfterSeconds when the caller may call again, in whole seconds
     * @return the reply
     */
    public static Reply rateLimited(Revision revision, byte[] body, int code, long retryAfterSeconds) {
        return new Reply(Kind.RATE_LIMITED, revision, body, code, null, List.of(), retryAfterSeconds);
    }

    /**
     * A reply of a kind without a body of its own.
     *
     * @param kind {@link Kind#ACCEPTED}, {@link Kind#UNANSWERED} or {@link Kind#END_OF_INPUT}
     * @param revision the revision served, or {@code null}
     * @return the reply
     */
    public static Reply of(Kind kind, Revision revision) {
        return new Reply(kind, revision, null, null, null);
    }

    /**
     * The end of a stdio conversation.
     *
     * @param body the response to {@code shutdown}, or {@code null} for {@code exit}
     * @return the reply
     */
    public static Reply endOfInput(byte[] body) {
        return new Reply(Kind.END_OF_INPUT, null, body, null, null);
    }

    /**
     * Whether a response is to be sent.
     *
     * @return {@code true} when {@code body} is present
     */
    public boolean hasBody() {
        return body != null;
    }

    /**
     * Whether the message was refused before any handler ran (a 4xx over HTTP).
     *
     * @return {@code true} for {@link Kind#REFUSED}, {@link Kind#SESSION_MISSING}, {@link Kind#OVER_LIMIT},
     *         {@link Kind#INSUFFICIENT_SCOPE} and {@link Kind#RATE_LIMITED}
     */
    public boolean refused() {
        return kind == Kind.REFUSED || kind == Kind.SESSION_MISSING || kind == Kind.OVER_LIMIT
                || kind == Kind.INSUFFICIENT_SCOPE || kind == Kind.RATE_LIMITED;
    }
}
