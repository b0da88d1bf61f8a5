package io.beammcp.autoconfigure.observation;

import io.beammcp.core.spi.McpObserver;
import io.beammcp.core.spi.Reply;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;

/**
 * The OpenTelemetry semantic conventions for MCP servers: the metric {@code mcp.server.operation.duration}
 * (in Prometheus {@code mcp_server_operation_duration_seconds}), a server span named {@code tools/call echo}.
 *
 * <p>Metric tags (low cardinality, every key always present so that Prometheus sees one set of labels,
 * {@code none} standing for an absent value): {@code mcp.method.name}, {@code gen_ai.operation.name}
 * ({@code execute_tool} for {@code tools/call}), {@code gen_ai.tool.name},
 * {@code gen_ai.prompt.name}, {@code mcp.protocol.version}, {@code network.transport}, {@code error.type}
 * ({@code tool_error} for a tool error, the JSON-RPC code such as {@code -32602}, or {@code cancelled}) and
 * {@code rpc.jsonrpc.error_code}. Span attributes only (high cardinality, when known): {@code jsonrpc.request.id},
 * {@code mcp.session.id}, {@code mcp.resource.uri} and {@code enduser.id}. Never arguments, results or headers.
 */
public class DefaultMcpObservationConvention implements McpObservationConvention {

    /** The metric's name, after the semantic conventions. */
    public static final String NAME = "mcp.server.operation.duration";
    static final String NONE = KeyValue.NONE_VALUE;

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public String getContextualName(McpObservationContext context) {
        McpObserver.Request request = context.getRequest();
        String target = request.target();
        return target == null || target.equals("_OTHER") ? request.method() : request.method() + " " + target;
    }

    @Override
    public KeyValues getLowCardinalityKeyValues(McpObservationContext context) {
        McpObserver.Request request = context.getRequest();
        McpObserver.Outcome outcome = context.getOutcome();
        String method = request.method();
        boolean toolCall = method.equals("tools/call");
        String target = request.target() == null ? NONE : request.target();
        String version = outcome == null || outcome.revision() == null ? NONE : outcome.revision().id();
        String code = outcome == null || outcome.errorCode() == null ? NONE : String.valueOf(outcome.errorCode());
        // in key order, so that Micrometer need not sort them (sorting was a fifth of an observation's cost)
        return KeyValues.of(KeyValue.of("error.type", errorType(outcome)),
                KeyValue.of("gen_ai.operation.name", toolCall ? "execute_tool" : NONE),
                KeyValue.of("gen_ai.prompt.name", method.equals("prompts/get") ? target : NONE),
                KeyValue.of("gen_ai.tool.name", toolCall ? target : NONE),
                KeyValue.of("mcp.method.name", method),
                KeyValue.of("mcp.protocol.version", version),
                KeyValue.of("network.transport", request.networkTransport()),
                KeyValue.of("rpc.jsonrpc.error_code", code));
    }

    @Override
    public KeyValues getHighCardinalityKeyValues(McpObservationContext context) {
        McpObserver.Request request = context.getRequest();
        KeyValues values = KeyValues.empty();
        if (request.requestId() != null) {
            values = values.and("jsonrpc.request.id", request.requestId());
        }
        if (request.sessionId() != null) {
            values = values.and("mcp.session.id", request.sessionId());
        }
        if (request.resourceUri() != null) {
            values = values.and("mcp.resource.uri", request.resourceUri());
        }
        if (request.principal() != null && request.principal().getName() != null) {
            values = values.and("enduser.id", request.principal().getName());
        }
        return values;
    }

    /** What went wrong, or {@code none}: a tool error, a JSON-RPC error code, or a request left unanswered. */
    static String errorType(McpObserver.Outcome outcome) {
        if (outcome == null) {
            return NONE;
        }
        if (outcome.errorCode() != null) {
            return String.valueOf(outcome.errorCode());
        }
        if (outcome.toolError()) {
            return "tool_error";
        }
        return outcome.kind() == Reply.Kind.UNANSWERED ? "cancelled" : NONE;
    }
}
