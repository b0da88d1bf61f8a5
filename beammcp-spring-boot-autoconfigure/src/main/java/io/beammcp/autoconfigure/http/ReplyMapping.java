package io.beammcp.autoconfigure.http;

import io.beammcp.core.spi.Reply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * Stage 7 of the endpoint: the core's {@link Reply}, when it is not written to an event stream, as an HTTP
 * response, in one {@code switch} on its kind. The statuses are those of the Streamable HTTP transport of
 * both revisions (2026-07-28 and 2025-11-25): results and handler errors 200, accepted notifications and
 * responses 202, a refused message 400, or 404 for a method the 2026-07-28 revision does not know
 * ({@code -32601}), a missing legacy session 400, or 404 when the named one is unknown or ended; and 429 for
 * a stream over the bounds, or a tool call over its caller's rate (with {@code Retry-After} in seconds); 403
 * with a {@code WWW-Authenticate} step-up challenge for a caller lacking declared scopes. A reply ended
 * unanswered (a cancelled request) is an empty event stream.
 *
 * <p>A 2025-11-25 {@code initialize} that opened a session gets a fresh id here, saved in the
 * {@link McpSessionStore} and sent back in {@code Mcp-Session-Id}.
 */
final class ReplyMapping {

    private static final Logger log = LoggerFactory.getLogger(ReplyMapping.class);

    private static final int METHOD_NOT_FOUND = -32601;

    private final McpSessionStore sessions;
    private final SecureRandom random = new SecureRandom();
    private final McpScopeChallenge challenge;

    ReplyMapping(McpSessionStore sessions) {
        this(sessions, McpScopeChallenge.bearer(null));
    }

    ReplyMapping(McpSessionStore sessions, McpScopeChallenge challenge) {
        this.sessions = sessions;
        this.challenge = challenge;
    }

    /**
     * The response to a reply.
     *
     * @param sessionNamed the request named a session with {@code Mcp-Session-Id} (a missing session is then
     *        404, not 400)
     * @param close the request's body was not read to its end: the response closes the connection
     */
    ResponseEntity<byte[]> response(Reply reply, boolean sessionNamed, boolean close) {
        return switch (reply.kind()) {
            case RESULT, ERROR -> framed(HttpStatus.OK, reply, close);
            case ACCEPTED, END_OF_INPUT -> framed(HttpStatus.ACCEPTED, reply, close);
            case REFUSED -> framed(reply.errorCode() != null && reply.errorCode() == METHOD_NOT_FOUND
                    ? HttpStatus.NOT_FOUND : HttpStatus.BAD_REQUEST, reply, close);
            case SESSION_MISSING -> framed(sessionNamed ? HttpStatus.NOT_FOUND : HttpStatus.BAD_REQUEST, reply, close);
            case OVER_LIMIT -> framed(HttpStatus.TOO_MANY_REQUESTS, reply, close);
            case INSUFFICIENT_SCOPE -> framed(HttpStatus.FORBIDDEN, reply, close,
                    HttpHeaders.WWW_AUTHENTICATE, challenge.challenge(reply.scopes()));
            case RATE_LIMITED -> framed(HttpStatus.TOO_MANY_REQUESTS, reply, close,
                    HttpHeaders.RETRY_AFTER, Long.toString(reply.retryAfterSeconds()));
            case UNANSWERED -> Replies.emptyStream();
        };
    }

    /** The status, the id of a session the reply opened, and the JSON body if there is one. */
    private ResponseEntity<byte[]> framed(HttpStatus status, Reply reply, boolean close) {
        return framed(status, reply, close, null, null);
    }

    /** As above, with one more header when {@code header} is not {@code null}. */
    private ResponseEntity<byte[]> framed(HttpStatus status, Reply reply, boolean close, String header,
            String value) {
        ResponseEntity.BodyBuilder response = Replies.head(status, close);
        if (header != null) {
            response.header(header, value);
        }
        if (reply.openedSession() != null) {
            String id = newSessionId();
            try {
                sessions.save(id, reply.openedSession());
            } catch (McpSessionStore.UnavailableException e) {
                // the client starts again once the store is back; the session it would have had is gone
                reply.openedSession().close();
                return Replies.storeUnavailable(close);
            } catch (RuntimeException e) {
                log.error("The session store failed to keep a new session; the client got 500", e);
                reply.openedSession().close();
                return Replies.internalError(close);
            }
            response.header(RequestHead.SESSION_ID, id);
        }
        return reply.hasBody() ? response.contentType(MediaType.APPLICATION_JSON).body(reply.body())
                : response.build();
    }

    /** 256 random bits in URL-safe Base64: 43 visible ASCII characters. */
    private String newSessionId() {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
