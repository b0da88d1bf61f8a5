package io.beammcp.autoconfigure.limits;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/** Guardrails against one caller or one tool taking the server down, under {@code beammcp.limits}; off by default. */
@ConfigurationProperties("beammcp.limits")
public class BeamMcpLimitsProperties {

    /** How many calls of one tool may run at once, a call beyond it getting a tool error at once; 0 for no limit. */
    private int maxConcurrentCallsPerTool;

    /**
     * The largest response host code's result may make (a tool call, a resource read, a prompt, a completion),
     * as encoded; past it a tool gets a tool error saying so and anything else a -32603 error; 0 for no limit.
     */
    private DataSize maxResultSize = DataSize.ofBytes(0);

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
}
