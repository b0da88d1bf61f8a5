package io.beammcp.core.spi;

import java.time.Duration;

/**
 * Guardrails that keep one tool or one caller from taking the server down. A server built without limits has
 * {@link #DEFAULTS}: the result cap of {@value #DEFAULT_MAX_RESULT_BYTES} bytes, every other guardrail off.
 *
 * @param maxConcurrentCallsPerTool how many calls of one tool may run at once; a call beyond it is refused
 *        at once with a tool error ({@code isError: true}) the model can read, before host code runs; zero
 *        or less for no limit
 * @param maxResultBytes the largest response, in bytes of its encoded JSON-RPC message, that host code's result
 *        (a tool call, a resource read, a prompt, a completion) may make; a larger one is never sent: a tool's
 *        becomes a tool error saying so, anything else a {@code -32603} error; measured as the response is
 *        written, so a larger one is never held whole; zero or less for no limit
 * @param toolCallsPerCaller how many tool calls one caller may make in any span of {@code toolCallsPeriod} (a
 *        sliding window, so that no span of one period ever holds more, across any edge); a call
 *        beyond it is refused before host code runs: over HTTP with 429, {@code Retry-After} and the JSON-RPC
 *        error {@code -31429}, on stdio and in process with a tool error the model can read; zero or less for
 *        no limit. The caller is the named caller ({@link Exchange#caller()}) when there is one, else the
 *        client's address, else the connection's transport as a whole (stdio: the process)
 * @param toolCallsPeriod the span in which a caller's calls are counted; a call leaves the count one period (and
 *        at most a tenth of one more) after it was made; {@code null} for one minute
 * @param maxTrackedCallers how many callers are counted at once; past it the one least recently seen is
 *        forgotten (its next call finds its count empty); zero or less for the default of 10,000
 */
public record McpLimits(int maxConcurrentCallsPerTool, int maxResultBytes, int toolCallsPerCaller,
        Duration toolCallsPeriod, int maxTrackedCallers) {

    /** The period of a rate when none is given. */
    public static final Duration DEFAULT_PERIOD = Duration.ofMinutes(1);

    /** How many callers are tracked when no bound is given. */
    public static final int DEFAULT_TRACKED_CALLERS = 10_000;

    /**
     * The result cap when none is given, 4 MiB: four times the default message cap, room for an image of 3 MiB
     * (base64 makes it 4), and more text than a model's context holds, while a small heap survives many such
     * results encoded at once.
     */
    public static final int DEFAULT_MAX_RESULT_BYTES = 4 * 1024 * 1024;

    /** What a server has when no limits are given: the default result cap, nothing else. */
    public static final McpLimits DEFAULTS = new McpLimits(0);

    /** No limits at all, the result cap included. */
    public static final McpLimits NONE = new McpLimits(0, 0);

    /** Applies the defaults and refuses a period that is not positive. */
    public McpLimits {
        if (toolCallsPeriod == null) {
            toolCallsPeriod = DEFAULT_PERIOD;
        }
        if (toolCallsPeriod.isZero() || toolCallsPeriod.isNegative()) {
            throw new IllegalArgumentException("toolCallsPeriod must be positive: " + toolCallsPeriod);
        }
        if (maxTrackedCallers <= 0) {
            maxTrackedCallers = DEFAULT_TRACKED_CALLERS;
        }
    }

    /**
     * Bounds on the calls of one tool at once and on the size of a result, with no rate.
     *
     * @param maxConcurrentCallsPerTool as for the full constructor
     * @param maxResultBytes as for the full constructor
     */
    public McpLimits(int maxConcurrentCallsPerTool, int maxResultBytes) {
        this(maxConcurrentCallsPerTool, maxResultBytes, 0, DEFAULT_PERIOD, DEFAULT_TRACKED_CALLERS);
    }

    /**
     * A bound on the calls of one tool running at once, with the default result cap.
     *
     * @param maxConcurrentCallsPerTool as for the full constructor
     */
    public McpLimits(int maxConcurrentCallsPerTool) {
        this(maxConcurrentCallsPerTool, DEFAULT_MAX_RESULT_BYTES);
    }
}
