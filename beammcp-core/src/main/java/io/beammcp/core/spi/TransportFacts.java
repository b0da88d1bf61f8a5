package io.beammcp.core.spi;

/**
 * What a transport tells the core about itself, as the rules of the specification that depend on it. The
 * core reads these facts; it never asks which transport it is on.
 *
 * @param networkTransport the transport's name in telemetry ({@code "pipe"} for stdio, {@code "tcp"} for
 *        HTTP); never used for a protocol decision
 * @param headerRules the 2026-07-28 rules for headers that mirror the body apply (the version, method and
 *        name headers, {@code Mcp-Param-*}), and a legacy version header must name the session's revision
 * @param connectionIsSession the connection is one legacy session for its whole life (stdio): {@code initialize}
 *        opens the exchange's own session instead of a new one, {@code notifications/cancelled} cancels
 *        2026-07-28 requests too (over HTTP a client closes the response stream instead), the session's change
 *        notifications go out on the connection itself, and a torn-down listen also gets
 *        {@code notifications/cancelled}
 * @param endsByMessage the client can end the conversation with {@code shutdown} and {@code exit}
 * @param rateLimitStatus the transport frames a caller over its tool-call rate as a status of its own (HTTP 429
 *        with {@code Retry-After}, a {@link Reply.Kind#RATE_LIMITED} reply); without it the model reads a tool
 *        error instead
 */
public record TransportFacts(String networkTransport, boolean headerRules, boolean connectionIsSession,
        boolean endsByMessage, boolean rateLimitStatus) {

    /**
     * Facts of a transport that answers a caller over its rate with a tool error.
     *
     * @param networkTransport as for the full constructor
     * @param headerRules as for the full constructor
     * @param connectionIsSession as for the full constructor
     * @param endsByMessage as for the full constructor
     */
    public TransportFacts(String networkTransport, boolean headerRules, boolean connectionIsSession,
            boolean endsByMessage) {
        this(networkTransport, headerRules, connectionIsSession, endsByMessage, false);
    }

    /** Newline-delimited JSON-RPC over a process's standard input and output. */
    public static final TransportFacts STDIO = new TransportFacts("pipe", false, true, true, false);

    /** Streamable HTTP. */
    public static final TransportFacts HTTP = new TransportFacts("tcp", true, false, false, true);
}
