package io.beammcp.autoconfigure.limits;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** Guardrails against one caller or one tool taking the server down, under {@code beammcp.limits}; off by default. */
@ConfigurationProperties("beammcp.limits")
public class BeamMcpLimitsProperties {

    /** How many calls of one tool may run at once, a call beyond it getting a tool error at once; 0 for no limit. */
    private int maxConcurrentCallsPerTool;

    public int getMaxConcurrentCallsPerTool() {
        return maxConcurrentCallsPerTool;
    }

    public void setMaxConcurrentCallsPerTool(int maxConcurrentCallsPerTool) {
        this.maxConcurrentCallsPerTool = maxConcurrentCallsPerTool;
    }
}
