package io.beammcp.autoconfigure.limits;

import io.beammcp.core.spi.McpLimits;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.time.Duration;

/**
 * Guardrails against one caller or one tool taking the server down, under {@code beammcp.limits}: the result cap
 * is on by default (4MB), the others off.
 */
@ConfigurationProperties("beammcp.limits")
public class BeamMcpLimitsProperties {

    /** How many calls of one tool may run at once, a call beyond it getting a tool error at once; 0 for no limit. */
    private int maxConcurrentCallsPerTool;

    /**
     * The largest response host code's result may make (a tool call, a resource read, a prompt, a completion),
     * as encoded, measured while it is written; past it a tool gets a tool error saying so and anything else a
     * -32603 error; 0 for no limit.
     */
    private DataSize maxResultSize = DataSize.ofMegabytes(4);

    /** How many tool calls one caller (named caller, else client address) may make in any period; 0 for no limit. */
    private int toolCallsPerCaller;

    /** The span in which a caller's tool calls are counted: no span this long holds more than the limit. */
    private Duration toolCallsPeriod = Duration.ofMinutes(1);

    /** How many callers' rates are tracked at once, the least recently seen forgotten beyond it. */
    private int maxTrackedCallers = 10_000;

    public int getMaxConcurrentCallsPerTool() {
        return maxConcurrentCallsPerTool;
    }

    public void setMaxConcurrentCallsPerTool(int maxConcurrentCallsPerTool) {
        this.maxConcurrentCallsPerTool = maxConcurrentCallsPerTool;
    }

    public DataSize getMaxResultSize() {
        return maxResultSize;
    }

    public void setMaxResultSize(DataSize maxResultSize) {
        this.maxResultSize = maxResultSize;
    }

    public int getToolCallsPerCaller() {
        return toolCallsPerCaller;
    }

    public void setToolCallsPerCaller(int toolCallsPerCaller) {
        this.toolCallsPerCaller = toolCallsPerCaller;
    }

    public Duration getToolCallsPeriod() {
        return toolCallsPeriod;
    }

    public void setToolCallsPeriod(Duration toolCallsPeriod) {
        this.toolCallsPeriod = toolCallsPeriod;
    }

    public int getMaxTrackedCallers() {
        return maxTrackedCallers;
    }

    public void setMaxTrackedCallers(int maxTrackedCallers) {
        this.maxTrackedCallers = maxTrackedCallers;
    }

    /**
     * The limits these properties set, as the server takes them.
     *
     * @return the limits
     */
    public McpLimits toLimits() {
        return new McpLimits(maxConcurrentCallsPerTool, (int) Math.min(Integer.MAX_VALUE, maxResultSize.toBytes()),
                toolCallsPerCaller, toolCallsPeriod, maxTrackedCallers);
    }
}
