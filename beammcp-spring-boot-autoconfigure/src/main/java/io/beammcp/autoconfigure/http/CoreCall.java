package io.beammcp.autoconfigure.http;

import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.Reply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;

import java.util.concurrent.Executor;

/**
 * Stages 5 and 6 of the endpoint, for a body read to its end: the body authorizer ({@link Authorizers}),
 * then the core ({@link McpServer#handle}) on an {@link HttpExchange}, which answers through
 * {@link ReplyMapping} or an event stream. Also the core's side of a {@code GET}: the session's stream of
 * change notifications.
 *
 * <p>Host code runs on the thread that has the body. On the servlet transport, as in any Spring MVC controller:
 * the container's thread (a virtual thread when the application serves on them), or the one that read the last
 * bytes of a slow body; on the reactive transport, the thread for host code the body was handed to
 * ({@link HostThreads}).
 */
final class CoreCall {

    private static final Logger log = LoggerFactory.getLogger(CoreCall.class);
    /** Host code runs on the thread that serves the request. */
    private static final Executor ON_THIS_THREAD = Runnable::run;

    private final McpServer server;
    private final Authorizers authorizers;
    private final McpSessionStore sessions;
    private final EventStreams streams;
    private final ReplyMapping replies;

    CoreCall(McpServer server, Authorizers authorizers, McpSessionStore sessions, EventStreams streams,
            ReplyMapping replies) {
        this.server = server;
        this.authorizers = authorizers;
        this.sessions = sessions;
        this.streams = streams;
        this.replies = replies;
    }

    /** Serves a {@code POST} whose whole body is read: answered now, or later by whoever ends the work. */
    void serve(RequestHead head, byte[] body, HttpAnswer response) {
        ResponseEntity<byte[]> refusal = authorizers.ofBody(head, body);
        if (refusal != null) {
            response.write(refusal);
            return;
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
            exchange.fail();
        } finally {
            response.runningHostCode(false);
        }
    }

    /**
     * {@code GET} with a session: opens its stream of change notifications; {@code null} when open, else the
     * refusal (404 without a live session, 429 over the bound of streams).
     */
    ResponseEntity<byte[]> openStream(RequestHead head, HttpAnswer response) {
        HttpExchange exchange = exchange(head, response);
        Reply refusal = server.openStream(exchange, exchange::reply);
        if (refusal == null) {
            exchange.openStream();
            return null;
        }
        if (exchange.storeUnavailable()) {
            return Replies.storeUnavailable(head.declaresBody());
        }
        return replies.response(refusal, exchange.sessionHeaderPresent(), head.declaresBody());
    }

    private HttpExchange exchange(RequestHead head, HttpAnswer response) {
        return new HttpExchange(head, sessions, response, streams, replies);
    }
}
