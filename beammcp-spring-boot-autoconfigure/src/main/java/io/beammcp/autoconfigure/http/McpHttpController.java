package io.beammcp.autoconfigure.http;

import io.beammcp.core.server.LegacySession;
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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Streamable HTTP endpoint: one path, both protocol revisions. It frames HTTP; the core decides the
 * protocol. Each request passes, in this order:
 * <ol>
 * <li>Origin and Host ({@link OriginGuard}): refused with 403 before anything else is read;</li>
 * <li>the method: POST; DELETE naming a session; GET naming a session when the host's lists change;
 * anything else is 405 with {@code Allow};</li>
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
 * <p>The answer is plain JSON unless the request sends notifications first (progress, log messages, a
 * {@code subscriptions/listen} acknowledgement): from the first one on it is an event stream
 * ({@link SseStream}) that ends after the response, or, for a listen, stays open. Host code runs on a pool
 * of {@value #MAX_CALLS} threads, not on the container's, so a running call never holds back its own stream;
 * up to {@value #MAX_QUEUED_CALLS} more calls wait their turn, and past that a call runs on the container
 * thread that read it (the container's thread bound then holds new requests back, and that call's
 * notifications reach the client with its response). When the application serves on virtual threads, each
 * call instead gets a virtual thread of its own ({@link VirtualThreadCalls}), under the same bound. Every open
 * event stream gets a heartbeat comment every
 * {@code beammcp.streams.heartbeat}; a write that fails (the client left) cancels what the stream served.
 *
 * <p>2026-07-28 requests are served statelessly: nothing is read from or written to the session store,
 * and {@code Mcp-Session-Id} is neither honoured nor sent. A 2025-11-25 {@code initialize} opens a session
 * kept in the {@link McpSessionStore} under a fresh random id, sent back in {@code Mcp-Session-Id}; later
 * legacy requests need it (absent: 400; unknown or ended: 404), and DELETE ends it (204) with its stream.
 * GET opens the session's stream of change notifications when the host's lists change (else 405); a
 * session may hold only so many (429).
 */
@RestController
final class McpHttpController implements DisposableBean {

    /** The most calls whose host code runs at once on the endpoint's own threads. */
    static final int MAX_CALLS = 256;
    /** The most calls waiting for one of those threads. */
    static final int MAX_QUEUED_CALLS = 1024;
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
    private final ScheduledThreadPoolExecutor heartbeats;
    /** Where host code runs: the platform pool below, or a virtual thread per call. */
    private final Executor calls;
    private final ThreadPoolExecutor callPool;
    private final ExecutorService writers;
    private final Set<SseStream> open = ConcurrentHashMap.newKeySet();
    private final SecureRandom random = new SecureRandom();

    McpHttpController(McpServer server, OriginGuard guard, McpAuthorizer authorizer, McpBodyAuthorizer bodyAuthorizer,
            McpSessionStore sessions, int maxBodySize, Duration readTimeout, Duration heartbeat, boolean virtualThreads) {
        this.server = server;
        this.guard = guard;
        this.authorizer = authorizer;
        this.bodyAuthorizer = bodyAuthorizer;
        this.sessions = sessions;
        this.maxBodySize = maxBodySize;
        this.readTimeoutNanos = readTimeout.toNanos();
        this.timers = new ScheduledThreadPoolExecutor(1, threads("beammcp-http-deadlines"));
        this.timers.setRemoveOnCancelPolicy(true);
        this.heartbeats = new ScheduledThreadPoolExecutor(1, threads("beammcp-http-heartbeats"));
        this.heartbeats.scheduleAtFixedRate(() -> open.forEach(SseStream::heartbeat), heartbeat.toNanos(),
                heartbeat.toNanos(), TimeUnit.NANOSECONDS);
        if (virtualThreads) {
            this.callPool = null;
            this.calls = new VirtualThreadCalls(MAX_CALLS);
        } else {
            this.callPool = new ThreadPoolExecutor(MAX_CALLS, MAX_CALLS, 60, TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(MAX_QUEUED_CALLS), threads("beammcp-http-call"),
                    new ThreadPoolExecutor.CallerRunsPolicy());
            this.callPool.allowCoreThreadTimeOut(true);
            this.calls = callPool;
        }
        this.writers = Executors.newCachedThreadPool(threads("beammcp-http-sse"));
    }

    private static ThreadFactory threads(String name) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, name + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    @RequestMapping("${beammcp.http.path:/mcp}")
    DeferredResult<Object> serve(HttpServletRequest request) {
        long deadline = System.nanoTime() + readTimeoutNanos;
        DeferredResult<Object> answer = new DeferredResult<>(NO_TIMEOUT);
        RequestHead head = RequestHead.of(request);
        ResponseEntity<byte[]> refusal = beforeBody(head);
        if (refusal != null) {
            answer.setResult(refusal);
            return answer;
        }
        if ("DELETE".equals(head.method())) {
            answer.setResult(endSession(head));
            return answer;
        }
        if ("GET".equals(head.method())) {
            openStream(head, answer);
            return answer;
        }
        if (head.contentLength() > maxBodySize) {
            answer.setResult(Replies.tooLarge(maxBodySize));
            return answer;
        }
        if (!head.declaresBody()) {
            afterBody(head, new byte[0], answer);
            return answer;
        }
        BodyReader reader = new BodyReader(request, head.contentLength(), maxBodySize, deadline, timers, answer,
                body -> afterBody(head, body, answer));
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
        boolean streams = namesSession && server.listsChange();
        boolean allowed = "POST".equals(head.method()) || ("DELETE".equals(head.method()) && namesSession)
                || ("GET".equals(head.method()) && streams);
        if (!allowed) {
            return Replies.methodNotAllowed(streams ? "POST, GET, DELETE" : namesSession ? "POST, DELETE" : "POST",
                    close);
        }
        McpAuthorization verdict;
        try {
            verdict = authorizer.authorize(head);
        } catch (Exception | LinkageError | AssertionError e) {
            log.error("The McpAuthorizer failed; the client got 500 (peer {}; exception messages withheld: they may "
                    + "quote the request)", head.remoteAddress(), withoutMessages(e, 0));
            return Replies.internalError(close);
        }
        return refusal(verdict, "McpAuthorizer", head, close);
    }

    /** DELETE: the session ends, and with it its stream. */
    private ResponseEntity<byte[]> endSession(RequestHead head) {
        boolean close = head.declaresBody();
        String id = HttpExchange.sessionId(head);
        LegacySession session = sessions.find(id);
        if (!sessions.remove(id)) {
            return Replies.noSession(close);
        }
        if (session != null) {
            session.close();
        }
        return Replies.ended(close);
    }

    /** GET with a session: its stream of change notifications, 404 without a live session, 429 over the bound. */
    private void openStream(RequestHead head, DeferredResult<Object> answer) {
        HttpExchange exchange = exchange(head, answer);
        Reply refusal = server.openStream(exchange, exchange::reply);
        if (refusal == null) {
            exchange.openStream();
        } else if (refusal.sessionMissing()) {
            answer.setResult(Replies.noSession(head.declaresBody()));
        } else {
            answer.setResult(Replies.json(HttpStatus.TOO_MANY_REQUESTS, refusal.body(), head.declaresBody()));
        }
    }

    /** Steps 5 and 6: the body authorizer, then the core, which answers now or later. */
    private void afterBody(RequestHead head, byte[] body, DeferredResult<Object> answer) {
        if (bodyAuthorizer != null) {
            McpAuthorization verdict;
            try {
                verdict = bodyAuthorizer.authorize(head, body.clone());
            } catch (Exception | LinkageError | AssertionError e) {
                log.error("The McpBodyAuthorizer failed; the client got 500 (peer {}; exception messages withheld: "
                        + "they may quote the request)", head.remoteAddress(), withoutMessages(e, 0));
                answer.setResult(Replies.internalError(false));
                return;
            }
            ResponseEntity<byte[]> refusal = refusal(verdict, "McpBodyAuthorizer", head, false);
            if (refusal != null) {
                answer.setResult(refusal);
                return;
            }
        }
        HttpExchange exchange = exchange(head, answer);
        try {
            if (body.length > server.maxMessageSize()) {
                exchange.reply(server.oversized());
            } else {
                server.handle(body, exchange, calls, exchange::reply);
            }
        } catch (RuntimeException e) {
            log.error("The MCP server failed on a request; the client got 500 (peer {})", head.remoteAddress(), e);
            exchange.fail(() -> Replies.internalError(false));
        }
    }

    /**
     * A copy of a hook's failure for the log: its class and stack, and its causes', without their messages,
     * which may quote header values or the body (the policy {@code HostFaults} applies to host code).
     */
    private static Throwable withoutMessages(Throwable failure, int depth) {
        Throwable cause = failure.getCause();
        return new Withheld(failure, cause != null && cause != failure && depth < 8 ? withoutMessages(cause, depth + 1)
                : null);
    }

    /** A failure's class name and stack, nothing else. */
    private static final class Withheld extends Throwable {

        private static final long serialVersionUID = 1L;

        private final String className;

        Withheld(Throwable failure, Throwable cause) {
            super(null, cause, false, true);
            this.className = failure.getClass().getName();
            setStackTrace(failure.getStackTrace());
        }

        @Override
        public String toString() {
            return className;
        }
    }

    private HttpExchange exchange(RequestHead head, DeferredResult<Object> answer) {
        return new HttpExchange(head, sessions, answer, this::stream, this::frame);
    }

    /** A new event stream for an exchange, heartbeated until it ends. */
    private SseStream stream(HttpExchange exchange) {
        SseStream stream = new SseStream(writers, exchange::closed, open::remove);
        open.add(stream);
        return stream;
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

    /** The core's reply as a JSON response: WIRE.md §5.4, and 429 for a stream over the bounds. */
    private ResponseEntity<byte[]> frame(HttpExchange exchange, Reply reply) {
        HttpStatus status;
        if (reply.sessionMissing()) {
            status = exchange.sessionHeaderPresent() ? HttpStatus.NOT_FOUND : HttpStatus.BAD_REQUEST;
        } else if (reply.overLimit()) {
            status = HttpStatus.TOO_MANY_REQUESTS;
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
        heartbeats.shutdownNow();
        if (callPool != null) {
            callPool.shutdownNow();
        }
        writers.shutdownNow();
    }

    /** The body deadlines scheduled and not yet cancelled or run. */
    int pendingDeadlines() {
        return timers.getQueue().size();
    }

    /** The event streams open now. */
    int openStreams() {
        return open.size();
    }
}
