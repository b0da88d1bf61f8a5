package io.beammcp.core.spi;

import java.security.Principal;
import java.util.List;

/**
 * How the core and a transport talk about one incoming message: what the transport knows besides the
 * bytes (its headers, the legacy session), and the way back for what comes before or instead of the
 * single response (notifications), as well as the way in for the client going away.
 */
public interface Exchange {

    /**
     * What the transport the message arrived on tells the core about itself.
     *
     * @return the transport's facts
     */
    TransportFacts facts();

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
     * Who sent the message, as the transport authenticated them.
     *
     * @return the caller, or {@code null} when the transport knows none (the default)
     */
    default Principal principal() {
        return null;
    }

    /**
     * The name of the caller, to which the server binds what it keeps for it (2025-11-25 sessions, input
     * rounds, tasks, the tool-call rate, streams): two callers with the same name share all of these. A
     * request whose principal has an empty name is refused ({@code -32600}) rather than bound to no one.
     *
     * @return by default the principal's name; {@code null} when there is no principal
     */
    default String caller() {
        Principal principal = principal();
        return principal == null ? null : principal.getName();
    }

    /**
     * The address of the client the message came from, which counts its tool calls when it has no principal.
     *
     * @return the peer's address (over HTTP the request's remote address), or {@code null} when the transport
     *         has none (the default; stdio: the process is one caller)
     */
    default String peer() {
        return null;
    }

    /**
     * The legacy (2025-11-25) session this message belongs to: on stdio the process's session (open or
     * not yet initialized), on HTTP the session named by {@code Mcp-Session-Id}, or {@code null} when
     * there is none.
     *
     * @return the session, or {@code null}
     */
    LegacySession session();

    /**
     * Sends one encoded notification to the client now: before the message's response (progress, log
     * messages) or on a stream the message opened. Over HTTP the first one turns the response into an
     * event stream; on stdio it is one line. Calls may come from any thread; each message is sent whole and
     * in call order. The default drops the message: an exchange that cannot carry notifications.
     *
     * @param notification one compact JSON-RPC notification
     * @return {@code false} when the client is gone, so nothing more need be sent
     */
    default boolean send(byte[] notification) {
        return true;
    }

    /**
     * Registers what to run when the transport finds the client gone before the response was sent (over
     * HTTP: the response stream closed); the core cancels the request's work with it. It runs at most once,
     * on any thread, possibly at once when the client is already gone. The default never runs it.
     *
     * @param action what the core does then
     */
    default void onClose(Runnable action) {
    }
}
