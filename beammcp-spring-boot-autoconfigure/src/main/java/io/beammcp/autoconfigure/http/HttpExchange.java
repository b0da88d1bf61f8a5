package io.beammcp.autoconfigure.http;

import io.beammcp.core.server.Exchange;
import io.beammcp.core.server.LegacySession;
import io.beammcp.core.server.Transport;

import java.util.List;

/**
 * What the core learns about one HTTP message besides its bytes: its headers, and for a legacy
 * (2025-11-25) message the session its {@code Mcp-Session-Id} names.
 */
final class HttpExchange implements Exchange {

    static final String SESSION_ID = "Mcp-Session-Id";

    private final RequestHead head;
    private final McpSessionStore sessions;
    private boolean sessionHeaderPresent;

    HttpExchange(RequestHead head, McpSessionStore sessions) {
        this.head = head;
        this.sessions = sessions;
    }

    @Override
    public Transport transport() {
        return Transport.HTTP;
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
