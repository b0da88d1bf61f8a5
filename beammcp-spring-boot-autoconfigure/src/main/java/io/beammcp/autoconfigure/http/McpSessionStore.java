package io.beammcp.autoconfigure.http;

import io.beammcp.core.spi.LegacySession;

/**
 * Where the HTTP endpoint keeps the sessions of legacy (2025-11-25) clients, by {@code Mcp-Session-Id}.
 * The default keeps them in memory, bounded in count and idle time ({@code beammcp.http.session.*});
 * define a bean of this type to replace it. 2026-07-28 requests never touch it.
 *
 * <p>Ids are chosen by the endpoint (256 random bits, URL-safe Base64), never by a client. All methods
 * are called concurrently; a store that cannot reach its storage throws {@link UnavailableException}.
 */
public interface McpSessionStore {

    /**
     * Keeps a session that {@code initialize} just opened.
     *
     * @param id its new id, unique
     * @param session the session
     */
    void save(String id, LegacySession session);

    /**
     * Finds a live session and marks it used now.
     *
     * @param id the id a client sent
     * @return the session, or {@code null} when the id is unknown, expired or ended
     */
    LegacySession find(String id);

    /**
     * Ends a session (the client sent {@code DELETE}).
     *
     * @param id the id a client sent
     * @return {@code true} when a live session was ended, {@code false} when the id was unknown
     */
    boolean remove(String id);

    /**
     * How many sessions are live, for the health endpoint.
     *
     * @return the count, or {@code -1} when the store cannot tell cheaply (the default)
     */
    default int count() {
        return -1;
    }

    /**
     * Thrown by a store that cannot reach where it keeps sessions (a database that is down): the endpoint
     * answers the request with 503, {@code Retry-After} and a retryable {@code -32603} instead of serving it.
     */
    class UnavailableException extends RuntimeException {

        /**
         * @param message what is unavailable, for the operator's log
         * @param cause the failure, or {@code null}
         */
        public UnavailableException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
