package io.beammcp.autoconfigure.http;

import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.LegacySession;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;
import org.springframework.http.ResponseEntity;

import java.time.Duration;

/**
 * The stages of a request, in their order, for both transports: the servlet endpoint ({@link McpHttpController})
 * and the reactive one ({@link McpWebHandler}) each read the request's head and body their own way and call
 * these. Before the body ({@link #beforeBody}): Origin and Host ({@link OriginGuard}), the HTTP method
 * ({@link MethodAdmission}), authorization on the head ({@link Authorizers}), a DELETE's end of its session,
 * the declared length ({@link BodyLimits}), a GET's stream ({@link CoreCall#openStream}); each returns its
 * refusal or nothing, and refusals issued before the body was read to its end carry {@code Connection: close}.
 * Then the body, read by the transport under the {@link #bodies() limits}, and {@link #serve}: authorization of
 * the body and the core ({@link CoreCall}), answered through {@link ReplyMapping} or an event stream
 * ({@link EventStreams}).
 *
 * <p>Once the application context stops, before the web server's graceful shutdown, every new request is
 * refused with 503 ({@link Replies#shuttingDown()}); requests already admitted are answered, and the web
 * server's graceful shutdown waits for them within {@code spring.lifecycle.timeout-per-shutdown-phase}; one
 * still running then is answered {@code -32603} by {@link McpServer#endCallsInFlight()}.
 */
final class McpHttpPipeline implements DisposableBean, SmartLifecycle {

    private final OriginGuard guard;
    private final MethodAdmission methods;
    private final Authorizers authorizers;
    private final BodyLimits bodies;
    private final EventStreams streams;
    private final McpSessionStore sessions;
    private final CoreCall core;
    private volatile boolean running;
    private volatile boolean draining;

    McpHttpPipeline(McpServer server, OriginGuard guard, McpAuthorizer authorizer, McpBodyAuthorizer bodyAuthorizer,
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
     * The stages before the body: the refusal or the answer to write (with {@code Connection: close} when a body
     * is declared), or {@code null} when the request goes on: a POST to have its body read and
     * {@linkplain #serve served}, a GET with its stream open.
     */
    ResponseEntity<byte[]> beforeBody(RequestHead head, HttpAnswer answer) {
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
            early = core.openStream(head, answer);
        }
        return early;
    }

    /** Whether the stages before the body run host code that may block (the {@link McpAuthorizer}). */
    boolean beforeBodyBlocks() {
        return authorizers.beforeBodyBlocks();
    }

    /** The body's limits, under which the transport reads it. */
    BodyLimits bodies() {
        return bodies;
    }

    /** What serves a body read to its end. */
    CoreCall core() {
        return core;
    }

    /** Serves a {@code POST} whose whole body is read: answered now, or later by whoever ends the work. */
    void serve(RequestHead head, byte[] body, HttpAnswer answer) {
        core.serve(head, body, answer);
    }

    /** DELETE: the session ends, and with it its stream. */
    private ResponseEntity<byte[]> endSession(RequestHead head, boolean close) {
        String id = head.sessionId();
        LegacySession session;
        try {
            session = sessions.find(id);
            // another principal's session is unknown to this caller: not ended, and 404 as for any unknown id
            if (session != null && HttpExchange.owned(session, head) == null || !sessions.remove(id)) {
                return Replies.noSession(close);
            }
        } catch (McpSessionStore.UnavailableException e) {
            return Replies.storeUnavailable(close);
        }
        if (session != null) {
            session.close();
        }
        return Replies.ended(close);
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
