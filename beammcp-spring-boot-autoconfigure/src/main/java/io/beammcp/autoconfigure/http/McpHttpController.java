package io.beammcp.autoconfigure.http;

import io.beammcp.core.server.McpServer;
import io.beammcp.core.server.Reply;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.context.request.async.WebAsyncUtils;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * The Streamable HTTP endpoint: one path, both protocol revisions. It frames HTTP; the core decides the
 * protocol. Each request passes, in this order:
 * <ol>
 * <li>Origin and Host ({@link OriginGuard}): refused with 403 before anything else is read;</li>
 * <li>the method: POST, or DELETE naming a session; anything else is 405 with {@code Allow};</li>
 * <li>the {@link McpAuthorizer}, on the headers and peer: a refusal is 403 with an opaque body, a
 * failure 500;</li>
 * <li>the body, read without blocking a thread against {@code max-body-size} (a larger declared
 * Content-Length is 413 unread; a chunked body is cut at the first byte past the cap) and
 * {@code read-timeout} for the whole body (408); see {@link BodyReader};</li>
 * <li>the optional {@link McpBodyAuthorizer}, on the exact bytes: a refusal is 403;</li>
 * <li>the core ({@link McpServer#handle}), whose {@link Reply} becomes the status of WIRE.md §5.4.</li>
 * </ol>
 * Refusals issued before the body was read to its end carry {@code Connection: close}.
 *
 * <p>2026-07-28 requests are served statelessly: nothing is read from or written to the session store,
 * and {@code Mcp-Session-Id} is neither honoured nor sent. A 2025-11-25 {@code initialize} opens a session
 * kept in the {@link McpSessionStore} under a fresh random id, sent back in {@code Mcp-Session-Id}; later
 * legacy requests need it (absent: 400; unknown or ended: 404), and DELETE ends it (204). GET is 405 until
 * the legacy GET stream exists.
 */
@RestController
final class McpHttpController implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(McpHttpController.class);
    private static final String BODY_READER = BodyReader.class.getName();
    /** The asynchronous request has no container timeout: the body deadline is ours, host code is unbounded. */
    private static final long NO_TIMEOUT = 0L;
    private static final int METHOD_NOT_FOUND = -32601;

    private final McpServer server;
    private final OriginGuard guard;
    private final McpAuthorizer authorizer;
    private final McpBodyAuthorizer bodyAuthorizer;
    private final McpSessionStore sessions;
    private final int maxBodySize;
    private final long readTimeoutNanos;
    private final ScheduledThreadPoolExecutor timers;
    private final SecureRandom random = new SecureRandom();

    McpHttpController(McpServer server, OriginGuard guard, McpAuthorizer authorizer, McpBodyAuthorizer bodyAuthorizer,
            McpSessionStore sessions, int maxBodySize, Duration readTimeout) {
        this.server = server;
        this.guard = guard;
        this.authorizer = authorizer;
        this.bodyAuthorizer = bodyAuthorizer;
        this.sessions = sessions;
        this.maxBodySize = maxBodySize;
        this.readTimeoutNanos = readTimeout.toNanos();
        this.timers = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "beammcp-http-deadlines");
            thread.setDaemon(true);
            return thread;
        });
        this.timers.setRemoveOnCancelPolicy(true);
    }

    @RequestMapping("${beammcp.http.path:/mcp}")
    DeferredResult<ResponseEntity<byte[]>> serve(HttpServletRequest request) {
        long deadline = System.nanoTime() + readTimeoutNanos;
        DeferredResult<ResponseEntity<byte[]>> answer = new DeferredResult<>(NO_TIMEOUT);
        RequestHead head = RequestHead.of(request);
        ResponseEntity<byte[]> refusal = beforeBody(head);
        if (refusal != null) {
            answer.setResult(refusal);
            return answer;
        }
        if ("DELETE".equals(head.method())) {
            boolean close = head.declaresBody();
            answer.setResult(sessions.remove(HttpExchange.sessionId(head)) ? Replies.ended(close)
                    : Replies.noSession(close));
            return answer;
        }
        if (head.contentLength() > maxBodySize) {
            answer.setResult(Replies.tooLarge(maxBodySize));
            return answer;
        }
        if (!head.declaresBody()) {
            answer.setResult(afterBody(head, new byte[0]));
            return answer;
        }
        BodyReader reader = new BodyReader(request, head.contentLength(), maxBodySize, deadline, timers, answer,
                body -> afterBody(head, body));
        WebAsyncUtils.getAsyncManager(request).registerDeferredResultInterceptor(BODY_READER, reader);
        return answer;
    }

    /** Steps 1 to 3: Origin and Host, the method, the authorizer; {@code null} when the request may go on. */
    private ResponseEntity<byte[]> beforeBody(RequestHead head) {
        boolean close = head.declaresBody();
        if (!guard.admitsOrigins(head.headers("Origin"))
                || !guard.admitsHosts(head.headers("Host"), head.localAddress())) {
            log.debug("MCP request refused: Origin or Host not allowed (peer {})", head.remoteAddress());
            return Replies.forbidden(close);
        }
        boolean namesSession = HttpExchange.sessionId(head) != null;
        boolean allowed = "POST".equals(head.method()) || ("DELETE".equals(head.method()) && namesSession);
        if (!allowed) {
            return Replies.methodNotAllowed(namesSession ? "POST, DELETE" : "POST", close);
        }
        McpAuthorization verdict;
        try {
            verdict = authorizer.authorize(head);
        } catch (Exception | LinkageError | AssertionError e) {
            log.error("The McpAuthorizer failed; the client got 500 (peer {})", head.remoteAddress(), e);
            return Replies.internalError(close);
        }
        return refusal(verdict, "McpAuthorizer", head, close);
    }

    /** Steps 5 and 6: the body authorizer, then the core. */
    private ResponseEntity<byte[]> afterBody(RequestHead head, byte[] body) {
        if (bodyAuthorizer != null) {
            McpAuthorization verdict;
            try {
                verdict = bodyAuthorizer.authorize(head, body.clone());
            } catch (Exception | LinkageError | AssertionError e) {
                log.error("The McpBodyAuthorizer failed; the client got 500 (peer {})", head.remoteAddress(), e);
                return Replies.internalError(false);
            }
            ResponseEntity<byte[]> refusal = refusal(verdict, "McpBodyAuthorizer", head, false);
            if (refusal != null) {
                return refusal;
            }
        }
        HttpExchange exchange = new HttpExchange(head, sessions);
        Reply reply;
        try {
            reply = body.length > server.maxMessageSize() ? server.oversized() : server.handle(body, exchange);
        } catch (RuntimeException e) {
            log.error("The MCP server failed on a request; the client got 500 (peer {})", head.remoteAddress(), e);
            return Replies.internalError(false);
        }
        return frame(reply, exchange);
    }

    private static ResponseEntity<byte[]> refusal(McpAuthorization verdict, String hook, RequestHead head,
            boolean close) {
        if (verdict == null) {
            log.error("The {} returned null instead of a verdict; the client got 500 (peer {})", hook,
                    head.remoteAddress());
            return Replies.internalError(close);
        }
        if (!verdict.isPermitted()) {
            log.info("MCP request refused by the {}: {} (peer {})", hook, verdict.reason(), head.remoteAddress());
            return Replies.forbidden(close);
        }
        return null;
    }

    /** The core's reply as HTTP: WIRE.md §5.4. */
    private ResponseEntity<byte[]> frame(Reply reply, HttpExchange exchange) {
        HttpStatus status;
        if (reply.sessionMissing()) {
            status = exchange.sessionHeaderPresent() ? HttpStatus.NOT_FOUND : HttpStatus.BAD_REQUEST;
        } else if (reply.refused()) {
            Integer code = reply.errorCode();
            status = code != null && code == METHOD_NOT_FOUND ? HttpStatus.NOT_FOUND : HttpStatus.BAD_REQUEST;
        } else if (!reply.hasBody()) {
            status = HttpStatus.ACCEPTED;
        } else {
            status = HttpStatus.OK;
        }
        ResponseEntity.BodyBuilder response = ResponseEntity.status(status);
        if (reply.openedSession() != null) {
            String id = newSessionId();
            sessions.save(id, reply.openedSession());
            response.header(HttpExchange.SESSION_ID, id);
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

    @Override
    public void destroy() {
        timers.shutdownNow();
    }

    /** The body deadlines scheduled and not yet cancelled or run. */
    int pendingDeadlines() {
        return timers.getQueue().size();
    }
}
