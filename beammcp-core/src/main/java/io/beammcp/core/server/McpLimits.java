package io.beammcp.core.server;

/**
 * Guardrails that keep one tool from taking the server down; every one is off by default.
 *
 * @param maxConcurrentCallsPerTool how many calls of one tool may run at once; a call beyond it is refused
 *        at once with a tool error ({@code isError: true}) the model can read, before host code runs; zero
 *        or less for no limit
 */
public record McpLimits(int maxConcurrentCallsPerTool) {

    /** No limits. */
    public static final McpLimits NONE = new McpLimits(0);
}
