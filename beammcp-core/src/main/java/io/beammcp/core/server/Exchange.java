package io.beammcp.core.server;

import java.util.List;

/**
 * What a transport tells the core about one incoming message besides its bytes.
 */
public interface Exchange {

    /**
     * The transport the message arrived on.
     *
     * @return the transport
     */
    Transport transport();

    /**
     * Every value of an HTTP request header, in the order received, each with surrounding spaces and tabs
     * stripped; empty when absent and on stdio.
     *
     * @param name the header name, matched case-insensitively
     * @return the values, never {@code null}
     */
    default List<String> headers(String name) {
        return List.of();
    }

    /**
     * The legacy (2025-11-25) session this message belongs to: on stdio the process's session (open or
     * not yet initialized), on HTTP the session named by {@code Mcp-Session-Id}, or {@code null} when
     * there is none.
     *
     * @return the session, or {@code null}
     */
    LegacySession session();
}
