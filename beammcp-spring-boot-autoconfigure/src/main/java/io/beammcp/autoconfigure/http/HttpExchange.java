package io.beammcp.autoconfigure.http;

import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.spi.Reply;
import io.beammcp.core.spi.TransportFacts;

import java.security.Principal;
import java.util.ArrayList;
import java.util.List;

/**
 * One HTTP request as the core sees it (its headers, and for a legacy (2025-11-25) message the session
 * its {@code Mcp-Session-Id} names), and its response as it takes shape: plain JSON when the core answers
 * without having sent anything first ({@link ReplyMapping}); an event stream from the first notification on
 * (the notifications, then the response, then the end), opened by {@link EventStreams}. A request ended
 * unanswered (cancelled) gets an empty event stream, or the end of the one already open. The client is found
 * gone by writing to an event stream (a message or the heartbeat), or by the container while the request is
 * asynchronous; then the actions the core registered with {@link #onClose} run.
 */
final class HttpExchange implements Exchange {

    private final RequestHead head;
    private final McpSessionStore sessions;
    private final HttpAnswer response;
    private final EventStreams streams;
    private final ReplyMapping replies;
    private boolean sessionHeaderPresent;
    /** Why the session store could not be reached, or {@code null}; set while the core reads the session. */
    private volatile McpSessionStore.UnavailableException storeUnavailable;

    private final Object lock = new Object();
    private SseStream stream;
    private boolean answered;
    private boolean closed;
    private final List<Runnable> closeActions = new ArrayList<>(1);

    /**
     * @param sessions where the session a legacy message names is found
     * @param response the response: one answer, or the event stream
     * @param streams where the event stream is opened, if the core sends anything before its reply
     * @param replies what turns a reply into a response when no event stream is open
     */
    HttpExchange(RequestHead head, McpSessionStore sessions, HttpAnswer response, EventStreams streams,
            ReplyMapping replies) {
        this.head = head;
        this.sessions = sessions;
        this.response = response;
        this.streams = streams;
        this.replies = replies;
        response.onGone(this::gone);
    }

    @Override
    public TransportFacts facts() {
        return TransportFacts.HTTP;
    }

    @Override
    public List<String> headers(String name) {
        return head.headers(name);
    }

    /** The request's principal: with Spring Security its {@code Authentication}, else the servlet's user. */
    @Override
    public Principal principal() {
        return head.principal();
    }

    /** The request's remote address: the caller whose tool calls are counted when it has no principal. */
    /** The caller's name: an OAuth token's issuer and subject (else client), else the principal's name. */
    @Override
    public String caller() {
        return CallerNames.of(head.principal());
    }

    @Override
    public String peer() {
        return head.remoteAddress();
    }

    @Override
    public LegacySession session() {
        if (!head.has(RequestHead.SESSION_ID)) {
            return null;
        }
        sessionHeaderPresent = true;
        String id = head.sessionId();
        try {
            return id == null ? null : owned(sessions.find(id), head);
        } catch (McpSessionStore.UnavailableException e) {
            // the core answers as for no session; the answer becomes the store's 503 (see reply)
            storeUnavailable = e;
            return null;
        }
    }

    /** Whether the session store could not be reached when the core asked for the session. */
    boolean storeUnavailable() {
        return storeUnavailable != null;
    }

    /**
     * The session if the request's caller opened it; for anyone else it does not exist, nor for a principal
     * without a name, who owns nothing.
     */
    static LegacySession owned(LegacySession session, RequestHead head) {
        String caller = head.principal() == null ? "" : CallerNames.of(head.principal());
        boolean named = head.principal() == null || caller != null && !caller.isBlank();
        return session != null && named && session.owner().equals(caller) ? session : null;
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

    /** The core's one reply: the response it maps to, or the end of the event stream (after the response, if any). */
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
        } else if (storeUnavailable != null) {
            response.write(Replies.storeUnavailable(false));
        } else {
            response.write(replies.response(reply, sessionHeaderPresent, false));
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

    /** Answers 500 at once, unless the core already did: for a failure of the server itself. */
    void fail() {
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
        response.write(Replies.internalError(false));
    }

    private SseStream stream() {
        if (stream == null) {
            response.willStream();
            stream = streams.open(response, this::closed);
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

    /** The message needed a session and named one with {@code Mcp-Session-Id} (so a miss is 404, not 400). */
    boolean sessionHeaderPresent() {
        return sessionHeaderPresent;
    }
}
