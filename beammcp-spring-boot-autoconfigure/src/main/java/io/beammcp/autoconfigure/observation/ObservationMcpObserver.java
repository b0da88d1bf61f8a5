package io.beammcp.autoconfigure.observation;

import io.beammcp.core.spi.McpObserver;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import java.util.function.Supplier;

/**
 * One Micrometer {@link Observation} per MCP request and notification: started when the message is read,
 * in scope while host code runs (so its own spans nest under the server span), stopped with the outcome; an
 * outcome that is an error marks it failed, with an exception that carries only the error type.
 */
final class ObservationMcpObserver implements McpObserver {

    private static final McpObservationConvention DEFAULT = new DefaultMcpObservationConvention();

    private final ObservationRegistry registry;
    private final McpObservationConvention custom;

    ObservationMcpObserver(ObservationRegistry registry, McpObservationConvention custom) {
        this.registry = registry;
        this.custom = custom;
    }

    @Override
    public Scope start(Request request) {
        McpObservationContext context = new McpObservationContext(request);
        Observation observation = Observation.createNotStarted(custom, DEFAULT, () -> context, registry).start();
        return new Scope() {
            @Override
            public <T> T within(Supplier<T> work) {
                return observation.scoped(work);
            }

            @Override
            public void stop(Outcome outcome) {
                context.setOutcome(outcome);
                String type = DefaultMcpObservationConvention.errorType(outcome);
                if (!type.equals(DefaultMcpObservationConvention.NONE)) {
                    observation.error(new McpOperationError(type));
                }
                observation.stop();
            }
        };
    }

    /** Marks an observation failed: its message is the error type, never anything from the request. */
    static final class McpOperationError extends RuntimeException {

        private static final long serialVersionUID = 1L;

        McpOperationError(String type) {
            super(type, null, false, false);
        }
    }
}
