package io.beammcp.autoconfigure.http;

import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.server.McpServer;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Duration;

/**
 * The Streamable HTTP endpoint: one path, both protocol revisions. It frames HTTP; the core decides the
 * protocol. Each request passes these stages, in this order, each a class:
 * <ol>
 * <li>Origin and Host ({@link OriginGuard}): refused with 403 before anything else is read;</li>
 * <li>the HTTP method ({@link MethodAdmission}): POST; DELETE naming a session; GET naming a session when
 * the host's lists change; anything else is 405 with {@code Allow};</li>
 * <li>authorization before the body ({@link Authorizers}, calling the {@link McpAuthorizer}) on the headers
 * and peer: a refusal is 403 with an opaque body, a failure 500. A DELETE then ends its session (204, or 404
 * when there is none);</li>
 * <li>the body ({@link BodyLimits}): a declared Content-Length over {@code max-body-size} is 413 unread; a GET
 * then opens its session's stream ({@link CoreCall#openStream}); what has already arrived is read at once,
 * without waiting, and a body still on its way is read without blocking a thread ({@link BodyReader}), cut at
 * the first byte past the cap (413), within {@code read-timeout} for the whole body (408);</li>
 * <li>authorization of the body ({@link Authorizers}, calling the optional {@link McpBodyAuthorizer}) on the
 * exact bytes: a refusal is 403;</li>
 * <li>the core ({@link CoreCall}, calling {@link McpServer#handle} with an {@link HttpExchange}), on the
 * thread that has the body;</li>
 * <li>the reply as a response ({@link ReplyMapping}): its status, and for an {@code initialize} that opened a
 * legacy session its new {@code Mcp-Session-Id};</li>
 * <li>or, from the first notification the core sends before its reply, an event stream ({@link SseStream},
 * written by the writers of {@link EventStreams}, which also heartbeats every open stream).</li>
 * </ol>
 * Each stage before the body returns its refusal or {@code null}; refusals issued before the body was read to
 * its end carry {@code Connection: close}. The answer is written by the endpoint itself
 * ({@link DirectResponse}), not by Spring MVC's asynchronous results.
 *
 * <p>2026-07-28 requests are served statelessly: nothing is read from or written to the session store,
 * and {@code Mcp-Session-Id} is neither honoured nor sent. A 2025-11-25 {@code initialize} opens a session
 * kept in the {@link McpSessionStore} under a fresh random id, sent back in {@code Mcp-Session-Id}; later
 * legacy requests need it (absent: 400; unknown or ended: 404), and DELETE ends it (204) with its stream.
 * GET opens the session's stream of change notifications when the host's lists change (else 405); a
 * session may hold only so many (429).
 *
 * <p>Once the application context stops, before the web server's graceful shutdown, every new request is
 * refused with 503 ({@link Replies#shuttingDown()}); requests already admitted are answered, and the web
 * server's graceful shutdown waits for them within {@code spring.lifecycle.timeout-per-shutdown-phase}; one
 * still running then is answered {@code -32603} by {@link McpServer#endCallsInFlight()}.
 */
@RestController
final class McpHttpController implements DisposableBean, SmartLifecycle {

    private final OriginGuard guard;
    private final MethodAdmission methods;
    private final Authorizers authorizers;
    private final BodyLimits bodies;
    private final EventStreams streams;
    private final McpSessionStore sessions;
    private final CoreCall core;
    private McpContextPropagation propagation = () -> Runnable::run;
    private volatile boolean running;
    private volatile boolean draining;

    McpHttpController(McpServer server, OriginGuard guard, McpAuthorizer authorizer, McpBodyAuthorizer bodyAuthorizer,
            McpSessionStore sessions, int maxBodySize, Duration readTimeout, Duration heartbeat,
            McpScopeChallenge challenge) {
        this.guard = guard;
        this.methods = new MethodAdmission(server);
        this.authorizers = new Authorizers(authorizer, bodyAuthorizer);
        this.bodies = new BodyLimits(maxBodySize, readTimeout);
        this.streams = new EventStreams(heartbeat);
        this.sessions = sessions;
        this.core = new CoreCall(server, authorizers, sessions, streams, new ReplyMapping(sessions, challenge));
    }

    /**
     * Serves one request: a refusal or a DELETE is returned for Spring MVC to write; everything else is
     * written to {@code response} directly ({@code null} is returned).
     */
    @RequestMapping("${beammcp.http.path:/mcp}")
    ResponseEntity<byte[]> serve(HttpServletRequest request, HttpServletResponse response) {
        long deadline = bodies.deadline();
        RequestHead head = RequestHead.of(request);
        DirectResponse direct = new DirectResponse(request, response);
        boolean close = head.declaresBody();
        ResponseEntity<byte[]> early = draining ? Replies.shuttingDown() : guard.refusal(head, close);
        if (early == null) {
            early = methods.refusal(head, close);
        }
        if (early == null) {
            early = authorizers.beforeBody(head, close);
        }
        if (early == null && "DELETE".equals(head.method())) {
            early = endSession(head, close);
        }
        if (early == null) {
            early = bodies.refusal(head);
        }
        if (early == null && "GET".equals(head.method())) {
            early = core.openStream(head, direct);
        }
        if (early != null) {
            return unread(early, close, direct);
        }
        // a GET has its stream open; a POST is read and served, now or once the rest of its body arrives
        if ("POST".equals(head.method())) {
            byte[] body = bodies.read(request, head, deadline, direct, core, propagation.capture());
            if (body != null) {
                core.serve(head, body, direct);
            }
        }
        direct.leave();
        return null;
    }

    /** DELETE: the session ends, and with it its stream. */
    private ResponseEntity<byte[]> endSession(RequestHead head, boolean close) {
        String id = head.sessionId();
        LegacySession session = sessions.find(id);
        // another principal's session is unknown to this caller: not ended, and 404 as for any unknown id
        if (session != null && HttpExchange.owned(session, head) == null || !sessions.remove(id)) {
            return Replies.noSession(close);
        }
        if (session != null) {
            session.close();
        }
        return Replies.ended(close);
    }

    /** An answer given before the body was read: returned to Spring MVC, or written here when a body waits. */
    private static ResponseEntity<byte[]> unread(ResponseEntity<byte[]> answer, boolean bodyWaits,
            DirectResponse direct) {
        if (!bodyWaits) {
            return answer;
        }
        // answered from an asynchronous request, the container closes the connection at once rather than
        // drain the body first, as it would after an ordinary return
        direct.leave();
        direct.write(answer);
        return null;
    }

    /** What carries the admitting thread's context (its security context) to a body read asynchronously. */
    void propagation(McpContextPropagation propagation) {
        this.propagation = propagation;
    }

    @Override
    public void start() {
        running = true;
        draining = false;
    }

    @Override
    public void stop() {
        running = false;
        draining = true;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public void destroy() {
        bodies.close();
        streams.close();
    }

    /** The body deadlines scheduled and not yet cancelled or run. */
    int pendingDeadlines() {
        return bodies.pendingDeadlines();
    }

    /** The event streams open now. */
    int openStreams() {
        return streams.openCount();
    }
}
