package io.beammcp.autoconfigure.observation;

import io.beammcp.core.spi.McpObserver;
import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.ReceiverContext;

import java.util.Map;

/**
 * The context of one MCP request or notification's observation: what the server knew before routing it and,
 * once stopped, its outcome. Its carrier is the trace context the client sent in {@code params._meta}
 * ({@code traceparent}, {@code tracestate}, {@code baggage}), so Micrometer Tracing makes the client's span the
 * parent of the server span.
 */
public final class McpObservationContext extends ReceiverContext<Map<String, String>> {

    private final McpObserver.Request request;
    private volatile McpObserver.Outcome outcome;

    McpObservationContext(McpObserver.Request request) {
        super((carrier, key) -> carrier.get(key), Kind.SERVER);
        this.request = request;
        setCarrier(request.traceContext());
    }

    /**
     * What the server knew about the message before routing it.
     *
     * @return the request facts
     */
    public McpObserver.Request getRequest() {
        return request;
    }

    /**
     * How the message ended.
     *
     * @return the outcome, or {@code null} while it is being served
     */
    public McpObserver.Outcome getOutcome() {
        return outcome;
    }

    void setOutcome(McpObserver.Outcome outcome) {
        this.outcome = outcome;
    }
}
