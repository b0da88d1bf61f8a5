package io.beammcp.core.server;

/**
 * Guardrails that keep one tool from taking the server down; every one is off by default.
 *
 * @param maxConcurrentCallsPerTool how many calls of one tool may run at once; a call beyond it is refused
 *        at once with a tool error ({@code isError: true}) the model can read, before host code runs; zero
 *        or less for no limit
 * @param maxResultBytes the largest response, in bytes of its encoded JSON-RPC message, that host code's result
 *        (a tool call, a resource read, a prompt, a completion) may make; a larger one is never sent: a tool's
 *        becomes a tool error saying so, anything else a {@code -32603} error; zero or less for no limit
 */
public record McpLimits(int maxConcurrentCallsPerTool, int maxResultBytes) {

    /** No limits. */
    public static final McpLimits NONE = new McpLimits(0, 0);

    /**
     * Only a bound on the calls of one tool at once.
     *
     * @param maxConcurrentCallsPerTool how many calls of one tool may run at once; zero or less for no limit
     */
    public McpLimits(int maxConcurrentCallsPerTool) {
        this(maxConcurrentCallsPerTool, 0);
    }
}
