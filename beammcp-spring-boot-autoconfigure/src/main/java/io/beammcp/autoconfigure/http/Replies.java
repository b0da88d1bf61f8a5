package io.beammcp.autoconfigure.http;

import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

import java.nio.charset.StandardCharsets;

/**
 * The answers the HTTP layer gives on its own, before or instead of the core. Bodies are fixed JSON-RPC
 * errors without id: never a stack trace, a host object or any part of the request.
 */
final class Replies {

    private static final byte[] FORBIDDEN = error(-32600, "Forbidden");
    private static final byte[] INTERNAL = error(-32603, "Internal error");
    private static final byte[] TIMEOUT = error(-32600, "Request Timeout: the body did not arrive in time");
    private static final byte[] UNREADABLE = error(-32600, "Bad Request: the body could not be read");
    private static final byte[] SHUTTING_DOWN = error(-32603, "Service Unavailable: the server is shutting down");
    private static final byte[] NO_STORE = error(-32603,
            "Service Unavailable: the session store cannot be reached now; retry the request");
    /** When a client may retry a request refused because the session store was unreachable. */
    private static final String STORE_RETRY_AFTER_SECONDS = "1";

    private Replies() {
    }

    /** Origin, Host or an authorizer refused the request: 403 with an opaque body. */
    static ResponseEntity<byte[]> forbidden(boolean close) {
        return json(HttpStatus.FORBIDDEN, FORBIDDEN, close);
    }

    /** The application is stopping: 503, and the connection closes so that the client reconnects elsewhere. */
    static ResponseEntity<byte[]> shuttingDown() {
        return json(HttpStatus.SERVICE_UNAVAILABLE, SHUTTING_DOWN, true);
    }

    /** The session store cannot be reached: 503, retry in a second. */
    static ResponseEntity<byte[]> storeUnavailable(boolean close) {
        return head(HttpStatus.SERVICE_UNAVAILABLE, close).header(HttpHeaders.RETRY_AFTER, STORE_RETRY_AFTER_SECONDS)
                .contentType(MediaType.APPLICATION_JSON).body(NO_STORE);
    }

    /** Not POST, or not a DELETE that names a session: 405 without body. */
    static ResponseEntity<byte[]> methodNotAllowed(String allow, boolean close) {
        return head(HttpStatus.METHOD_NOT_ALLOWED, close).header(HttpHeaders.ALLOW, allow).build();
    }

    /** Host code (an authorizer) or the server failed: 500 with {@code -32603} and no detail. */
    static ResponseEntity<byte[]> internalError(boolean close) {
        return json(HttpStatus.INTERNAL_SERVER_ERROR, INTERNAL, close);
    }

    /** The body is over the cap, declared or found while reading: 413, and the rest is never read. */
    static ResponseEntity<byte[]> tooLarge(long cap) {
        return json(HttpStatus.CONTENT_TOO_LARGE,
                error(-32600, "Content Too Large: the body exceeds " + cap + " bytes"), true);
    }

    /** The whole body did not arrive before the deadline: 408. */
    static ResponseEntity<byte[]> timeout() {
        return json(HttpStatus.REQUEST_TIMEOUT, TIMEOUT, true);
    }

    /** Reading the body failed (a broken chunked encoding, a reset): 400. */
    static ResponseEntity<byte[]> unreadable() {
        return json(HttpStatus.BAD_REQUEST, UNREADABLE, true);
    }

    /** A request the core ended unanswered before anything was sent (it was cancelled): an empty event stream. */
    static ResponseEntity<byte[]> emptyStream() {
        return ResponseEntity.ok().contentType(MediaType.TEXT_EVENT_STREAM).cacheControl(CacheControl.noCache())
                .header("X-Accel-Buffering", "no").body(new byte[0]);
    }

    /** No such session to end: 404 without body. */
    static ResponseEntity<byte[]> noSession(boolean close) {
        return head(HttpStatus.NOT_FOUND, close).build();
    }

    /** The session was ended: 204. */
    static ResponseEntity<byte[]> ended(boolean close) {
        return head(HttpStatus.NO_CONTENT, close).build();
    }

    static ResponseEntity<byte[]> json(HttpStatus status, byte[] body, boolean close) {
        return head(status, close).contentType(MediaType.APPLICATION_JSON).body(body);
    }

    /**
     * A status, with {@code Connection: close} when the request's body was not read to its end: the
     * connection cannot be reused without reading it, and reading it is what the refusal avoids.
     */
    static ResponseEntity.BodyBuilder head(HttpStatus status, boolean close) {
        ResponseEntity.BodyBuilder builder = ResponseEntity.status(status);
        if (close) {
            builder.header(HttpHeaders.CONNECTION, "close");
        }
        return builder;
    }

    private static byte[] error(int code, String message) {
        return ("{\"jsonrpc\":\"2.0\",\"error\":{\"code\":" + code + ",\"message\":\"" + message + "\"}}")
                .getBytes(StandardCharsets.UTF_8);
    }
}
