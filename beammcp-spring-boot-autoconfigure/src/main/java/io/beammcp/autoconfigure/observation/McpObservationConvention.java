package io.beammcp.autoconfigure.observation;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/** Names and tags the observation of an MCP request; declare a bean to replace {@link DefaultMcpObservationConvention}. */
public interface McpObservationConvention extends ObservationConvention<McpObservationContext> {

    @Override
    default boolean supportsContext(Observation.Context context) {
        return context instanceof McpObservationContext;
    }
}
