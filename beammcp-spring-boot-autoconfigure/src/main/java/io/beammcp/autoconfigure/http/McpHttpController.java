package io.beammcp.autoconfigure.http;

import io.beammcp.core.server.LegacySession;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.server.Reply;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
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
 * <li>the body: what has already arrived is read at once, without waiting; a body still on its way is read
 * without blocking a thread ({@link BodyReader}), against {@code max-body-size} (a larger declared
 * Content-Length is 413 unread; a chunked body is cut at the first byte past the cap) and
 * {@code read-timeout} for the whole body (408);</li>
 * <li>the optional {@link McpBodyAuthorizer}, on the exact bytes: a refusal is 403;</li>
 * <li>the core ({@link McpServer#handle}), whose {@link Reply} becomes the status of WIRE.md §5.4.</li>
 * </ol>
 * Refusals issued before the body was read to its end carry {@code Connection: close}.
 *
 * <p>Host code runs on the thread that has the request, as in any Spring MVC controller: the container's
 * thread (a virtual thread when the application serves on them), or the one that read the last bytes of a
 * slow body. The answer is written by the endpoint itself ({@link DirectResponse}): plain JSON unless the
 * request sends notifications first (progress, log messages, a {@code subscriptions/listen}
 * acknowledgement): from the first one on it is an event stream ({@link SseStream}), written by a writer
 * thread so that a running call never waits for its client, that ends after the response, or, for a listen,
 * stays open. Every open event stream gets a heartbeat comment every {@code beammcp.streams.heartbeat}; a
 * write that fails (the client left) cancels what the stream served.
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

    private static final Logger log = LoggerFactory.getLogger(McpHttpController.class);
    private static final int METHOD_NOT_FOUND = -32601;
    /** Host code runs on the thread that serves the request. */
    private static final Executor ON_THIS_THREAD = Runnable::run;

    private final McpServer server;
    private final OriginGuard guard;
    private final McpAuthorizer authorizer;
    private final McpBodyAuthorizer bodyAuthorizer;
    private final McpSessionStore sessions;
    private final int maxBodySize;
    private final long readTimeoutNanos;
    private final ScheduledThreadPoolExecutor timers;
    private final ScheduledThreadPoolExecutor heartbeats;
    private final ExecutorService writers;
    private final Set<SseStream> open = ConcurrentHashMap.newKeySet();
    private final SecureRandom random = new SecureRandom();

    McpHttpController(McpServer server, OriginGuard guard, McpAuthorizer authorizer, McpBodyAuthorizer bodyAuthorizer,
            McpSessionStore sessions, int maxBodySize, Duration readTimeout, Duration heartbeat) {
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

    /**
     * Serves one request: a refusal or a DELETE is returned for Spring MVC to write; everything else is
     * written to {@code response} directly ({@code null} is returned).
     */
    @RequestMapping("${beammcp.http.path:/mcp}")
    ResponseEntity<byte[]> serve(HttpServletRequest request, HttpServletResponse response) {
        long deadline = System.nanoTime() + readTimeoutNanos;
        RequestHead head = RequestHead.of(request);
        DirectResponse direct = new DirectResponse(request, response);
        ResponseEntity<byte[]> early = beforeBody(head);
        if (early == null && "DELETE".equals(head.method())) {
            early = endSession(head);
        }
        if (early == null && head.contentLength() > maxBodySize) {
            early = Replies.tooLarge(maxBodySize);
        }
        if (early == null && "GET".equals(head.method())) {
            early = openStream(head, direct);
        }
        if (early != null) {
            if (!head.declaresBody()) {
                return early;
            }
            // the body stays unread: answered from an asynchronous request, the container closes the connection
            // at once rather than drain the body first, as it would after an ordinary return
            direct.leave();
            direct.write(early);
            return null;
        }
        // a GET has its stream open; a POST is read and served
        if ("POST".equals(head.method()) && !head.declaresBody()) {
            afterBody(head, new byte[0], direct);
        } else if ("POST".equals(head.method())) {
            byte[] arrived = arrived(request, head.contentLength());
            if (arrived.length < head.contentLength() || head.contentLength() < 0) {
                direct.leave();
                new BodyReader(request, head.contentLength(), arrived, maxBodySize, deadline, timers, direct,
                        body -> afterBody(head, body, direct)).start();
                return null;
            }
            afterBody(head, arrived, direct);
        }
        direct.leave();
        return null;
    }

    /**
     * The bytes of a declared-length body that can be read without waiting for the client: all of it, as a
     * rule, since a small body usually arrives with the headers; a chunked body is left to the reader, as is
     * whatever this read could not take (a read that fails here fails again there, and is answered 400).
     */
    private static byte[] arrived(HttpServletRequest request, long declaredLength) {
        if (declaredLength < 0) {
            return new byte[0];
        }
        byte[] body = new byte[(int) declaredLength];
        int count = 0;
        try {
            ServletInputStream in = request.getInputStream();
            while (count < body.length) {
                int available = in.available();
                if (available <= 0) {
                    break;
                }
                int read = in.read(body, count, Math.min(available, body.length - count));
                if (read < 0) {
                    break;
                }
                count += read;
            }
        } catch (IOException e) {
            log.debug("Reading an MCP request body at once failed: {}", e.toString());
        }
        return count == body.length ? body : Arrays.copyOf(body, count);
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

    /** GET with a session: its stream of change notifications; 404 without a live session, 429 over the bound. */
    private ResponseEntity<byte[]> openStream(RequestHead head, DirectResponse response) {
        HttpExchange exchange = exchange(head, response);
        Reply refusal = server.openStream(exchange, exchange::reply);
        if (refusal == null) {
            exchange.openStream();
            return null;
        }
        return refusal.kind() == Reply.Kind.SESSION_MISSING ? Replies.noSession(head.declaresBody())
                : Replies.json(HttpStatus.TOO_MANY_REQUESTS, refusal.body(), head.declaresBody());
    }

    /** Steps 5 and 6: the body authorizer, then the core, which answers now or later. */
    private void afterBody(RequestHead head, byte[] body, DirectResponse response) {
        if (bodyAuthorizer != null) {
            McpAuthorization verdict;
            try {
                verdict = bodyAuthorizer.authorize(head, body.clone());
            } catch (Exception | LinkageError | AssertionError e) {
                log.error("The McpBodyAuthorizer failed; the client got 500 (peer {}; exception messages withheld: "
                        + "they may quote the request)", head.remoteAddress(), withoutMessages(e, 0));
                response.write(Replies.internalError(false));
                return;
            }
            ResponseEntity<byte[]> refusal = refusal(verdict, "McpBodyAuthorizer", head, false);
            if (refusal != null) {
                response.write(refusal);
                return;
            }
        }
        HttpExchange exchange = exchange(head, response);
        response.runningHostCode(true);
        try {
            if (body.length > server.maxMessageSize()) {
                exchange.reply(server.oversized());
            } else {
                server.handle(body, exchange, ON_THIS_THREAD, exchange::reply);
            }
        } catch (RuntimeException e) {
            log.error("The MCP server failed on a request; the client got 500 (peer {})", head.remoteAddress(), e);
            exchange.fail(() -> Replies.internalError(false));
        } finally {
            response.runningHostCode(false);
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

    private HttpExchange exchange(RequestHead head, DirectResponse response) {
        return new HttpExchange(head, sessions, response, this::stream, this::frame);
    }

    /** A new event stream for an exchange, heartbeated until it ends. */
    private SseStream stream(HttpExchange exchange) {
        SseStream stream = new SseStream(exchange.response(), writers, exchange::closed, open::remove);
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
        HttpStatus status = switch (reply.kind()) {
            case SESSION_MISSING -> exchange.sessionHeaderPresent() ? HttpStatus.NOT_FOUND : HttpStatus.BAD_REQUEST;
            case OVER_LIMIT -> HttpStatus.TOO_MANY_REQUESTS;
            case REFUSED -> reply.errorCode() != null && reply.errorCode() == METHOD_NOT_FOUND ? HttpStatus.NOT_FOUND
                    : HttpStatus.BAD_REQUEST;
            case RESULT, ERROR -> HttpStatus.OK;
            case ACCEPTED, UNANSWERED, END_OF_INPUT -> HttpStatus.ACCEPTED;
        };
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
