package io.beammcp.autoconfigure.http;

import io.beammcp.core.server.Exchange;
import io.beammcp.core.server.LegacySession;
import io.beammcp.core.server.Reply;
import io.beammcp.core.server.TransportFacts;
import org.springframework.http.ResponseEntity;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One HTTP request as the core sees it (its headers, and for a legacy (2025-11-25) message the session
 * its {@code Mcp-Session-Id} names), and its response as it takes shape: plain JSON when the core answers
 * without having sent anything first; an event stream from the first notification on (the notifications,
 * then the response, then the end). A request ended unanswered (cancelled) gets an empty event stream, or
 * the end of the one already open. The client is found gone by writing to an event stream (a message or
 * the heartbeat), or by the container while the request is asynchronous; then the actions the core
 * registered with {@link #onClose} run.
 */
final class HttpExchange implements Exchange {

    static final String SESSION_ID = "Mcp-Session-Id";

    private final RequestHead head;
    private final McpSessionStore sessions;
    private final DirectResponse response;
    private final Function<HttpExchange, SseStream> streams;
    private final BiFunction<HttpExchange, Reply, ResponseEntity<byte[]>> json;
    private boolean sessionHeaderPresent;

    private final Object lock = new Object();
    private SseStream stream;
    private boolean answered;
    private boolean closed;
    private final List<Runnable> closeActions = new ArrayList<>(1);

    /**
     * @param response the response: one JSON answer, or the event stream
     * @param streams opens the event stream of an exchange on its response
     * @param json frames a reply as a JSON response (status, session id, body)
     */
    HttpExchange(RequestHead head, McpSessionStore sessions, DirectResponse response,
            Function<HttpExchange, SseStream> streams, BiFunction<HttpExchange, Reply, ResponseEntity<byte[]>> json) {
        this.head = head;
        this.sessions = sessions;
        this.response = response;
        this.streams = streams;
        this.json = json;
        response.onGone(this::gone);
    }

    /** The response the exchange writes. */
    DirectResponse response() {
        return response;
    }

    @Override
    public TransportFacts facts() {
        return TransportFacts.HTTP;
    }

    @Override
    public List<String> headers(String name) {
        return head.headers(name);
    }

    @Override
    public LegacySession session() {
        if (head.headers(SESSION_ID).isEmpty()) {
            return null;
        }
        sessionHeaderPresent = true;
        String id = sessionId(head);
        return id == null ? null : sessions.find(id);
    }

    @Override
    public boolean send(byte[] notification) {
        SseStream open;
        synchronized (lock) {
            if (answered || closed) {
                return false;
            }
            open = stream();
        }
        return open.send(notification);
    }

    @Override
    public void onClose(Runnable action) {
        synchronized (lock) {
            if (!closed) {
                closeActions.add(action);
                return;
            }
        }
        action.run();
    }

    /** The core's one reply: the JSON response, or the end of the event stream (after the response, if any). */
    void reply(Reply reply) {
        SseStream open;
        synchronized (lock) {
            if (answered) {
                return;
            }
            answered = true;
            open = stream;
        }
        if (open != null) {
            open.finish(reply.kind() == Reply.Kind.UNANSWERED ? null : reply.body());
        } else {
            response.write(reply.kind() == Reply.Kind.UNANSWERED ? Replies.emptyStream() : json.apply(this, reply));
        }
    }

    /** Commits the response as an event stream now, for a stream that may stay silent ({@code GET}). */
    void openStream() {
        synchronized (lock) {
            if (!answered && !closed) {
                stream();
            }
        }
    }

    /** Answers at once, unless the core already did: for a failure of the server itself. */
    void fail(Supplier<ResponseEntity<byte[]>> failure) {
        synchronized (lock) {
            if (answered) {
                return;
            }
            answered = true;
            if (stream != null) {
                stream.finish(null);
                return;
            }
        }
        response.write(failure.get());
    }

    private SseStream stream() {
        if (stream == null) {
            stream = streams.apply(this);
        }
        return stream;
    }

    /** The container found the client gone: the stream, if any, dies, and with it the exchange. */
    private void gone() {
        SseStream open;
        synchronized (lock) {
            open = stream;
        }
        if (open != null) {
            open.die();
        }
        closed();
    }

    /** The client is gone: what the core registered runs, once. */
    void closed() {
        List<Runnable> actions;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            actions = List.copyOf(closeActions);
            closeActions.clear();
        }
        actions.forEach(Runnable::run);
    }

    /** The session id a request names: its one {@code Mcp-Session-Id} value (repeats must agree), or null. */
    static String sessionId(RequestHead head) {
        List<String> ids = head.headers(SESSION_ID);
        if (ids.isEmpty()) {
            return null;
        }
        String id = ids.get(0);
        for (String other : ids) {
            if (!other.equals(id)) {
                return null;
            }
        }
        return id.isEmpty() ? null : id;
    }

    /** The message needed a session and named one with {@code Mcp-Session-Id} (so a miss is 404, not 400). */
    boolean sessionHeaderPresent() {
        return sessionHeaderPresent;
    }
}
