package io.beammcp.core.spi;

import io.beammcp.core.Revision;

/**
 * The state of one legacy (2025-11-25) client, kept by the core: what {@code initialize} negotiated, its log
 * level, its subscriptions, the streams it holds open and the requests it can still cancel. A stdio process
 * holds one from its start (not yet open); over HTTP, {@code initialize} opens a new one, which a session
 * store keeps under its {@code Mcp-Session-Id}. Sessions are made by the core: a transport that holds one from the start (stdio) gets it from
 * {@code McpServer.newSession()}.
 */
public interface LegacySession {

    /**
     * Whether {@code initialize} has been answered for this session.
     *
     * @return {@code true} once open
     */
    boolean isOpen();

    /**
     * Whether the client sent {@code notifications/initialized}.
     *
     * @return {@code true} once the client confirmed the handshake
     */
    boolean isInitialized();

    /**
     * The revision the session is served under: 2025-11-25 for every revision {@code initialize} negotiates
     * (2024-11-05 to 2025-11-25); an earlier one shapes what the session is sent.
     *
     * @return the revision, or {@code null} before {@code initialize}
     */
    Revision revision();

    /**
     * The name of the caller that opened the session ({@link Exchange#caller()}), to which it is bound: over
     * HTTP another caller presenting its id is answered as for an unknown session.
     *
     * @return the name, or {@code ""} when the transport knew no principal
     */
    default String owner() {
        return "";
    }

    /**
     * Ends the streams this session holds open (an HTTP {@code GET} stream; on stdio the process's
     * subscriptions), as the server does when the session ends: on HTTP {@code DELETE}, at the end of stdio
     * input. A 2026-07-28 subscription gets its final result, and on stdio {@code notifications/cancelled}.
     * Requests in flight are not affected.
     */
    void close();

    /**
     * What another instance needs to serve this session: the negotiated revision, the client's capabilities
     * and info, whether the handshake was confirmed, the log level and the subscriptions, as a JSON object.
     * Streams, requests in flight and answers awaited stay with the instance that holds them.
     *
     * @return the state as JSON text, or {@code null} before {@code initialize}
     */
    default String state() {
        return null;
    }

    /**
     * Takes the state another instance wrote ({@link #state()}) in place of this one's; streams, requests in
     * flight and answers awaited are kept.
     *
     * @param state the state as JSON text
     */
    default void restore(String state) {
        throw new UnsupportedOperationException("This session cannot take another instance's state");
    }

    /**
     * Names the keeper the core tells of what other instances must hear of this session; a store that shares
     * sessions between instances sets it on each session it holds. None by default.
     *
     * @param keeper the keeper
     */
    default void keep(Keeper keeper) {
    }

    /**
     * Hands this session a client's message that another instance relayed ({@link Keeper#relay}).
     *
     * @param message the client's message, as it arrived
     * @return {@code true} when this instance held what it concerns (the request it answers or cancels)
     */
    default boolean receive(byte[] message) {
        return false;
    }

    /** What a store that shares sessions between instances is told by the core. */
    interface Keeper {

        /**
         * The session's {@link #state()} changed; called before the request that changed it is answered, so
         * the next request, on any instance, sees the change.
         *
         * @param session the session
         */
        void changed(LegacySession session);

        /**
         * A client's message concerns a request this instance does not hold (an answer to a request of the
         * server's own, or a cancellation): it is for the instance that holds it, which gets it through
         * {@link #receive(byte[])}.
         *
         * @param session the session
         * @param message the client's message, as it arrived
         */
        void relay(LegacySession session, byte[] message);
    }
}
