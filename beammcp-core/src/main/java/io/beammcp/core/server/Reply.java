package io.beammcp.core.server;

import io.beammcp.core.Revision;

/**
 * The core's answer to one incoming message, for a transport to frame.
 *
 * @param revision the revision the message was served under, or {@code null} when it could not be
 *        classified (unreadable JSON, a malformed envelope)
 * @param body the JSON-RPC response to send, or {@code null} when nothing is sent (a notification or a
 *        client response was accepted, or a request ends unanswered)
 * @param errorCode the JSON-RPC error code of {@code body}, or {@code null} for a result or no body
 * @param refused the message is refused as such (malformed, wrong headers, unsupported version, unknown
 *        2026-07-28 method, too many streams), as opposed to a handler's outcome: HTTP answers it with a 4xx
 *        status; a refused notification or client response has no body
 * @param openedSession the legacy session this message opened ({@code initialize} without a session),
 *        or {@code null}
 * @param sessionMissing the message needs a legacy session the exchange did not have
 * @param endOfInput the client asked the stdio loop to stop ({@code shutdown} or {@code exit})
 * @param unanswered a request (or stream) ends without a response: it was cancelled, or it is a stream the
 *        client or the server ended; over HTTP its response ends, empty or after what was already sent
 * @param overLimit the request was refused because it would open more streams than allowed (HTTP 429)
 */
public record Reply(Revision revision, byte[] body, Integer errorCode, boolean refused, LegacySession openedSession,
        boolean sessionMissing, boolean endOfInput, boolean unanswered, boolean overLimit) {

    /**
     * Whether a response is to be sent.
     *
     * @return {@code true} when {@code body} is present
     */
    public boolean hasBody() {
        return body != null;
    }
}
