package io.beammcp.core.internal.tools;

import com.networknt.schema.Error;
import io.beammcp.core.Content;
import io.beammcp.core.Dispatch;
import io.beammcp.core.InvalidParamsException;
import io.beammcp.core.ToolErrorException;
import io.beammcp.core.internal.protocol.McpError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolResult;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.call.HostFaults;
import io.beammcp.core.internal.catalog.Blocks;
import io.beammcp.core.internal.json.JavaValues;
import io.beammcp.core.internal.json.JsonCodec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code tools/call}: validates the arguments against the tool's compiled input schema, hands only the
 * declared keys to dispatch, and renders what the host returns.
 */
public final class ToolCalls {

    private static final Logger log = LoggerFactory.getLogger("io.beammcp.host");
    private static final int MAX_REPORTED_VIOLATIONS = 10;

    private final JsonCodec codec;
    private final Blocks blocks;
    private final Dispatch dispatch;

    public ToolCalls(JsonCodec codec, Blocks blocks, Dispatch dispatch) {
        this.codec = codec;
        this.blocks = blocks;
        this.dispatch = dispatch;
    }

    /**
     * Arguments that break the schema are a tool execution error ({@code isError: true}), so the model
     * can correct itself: the Tools pages of both revisions (Error Handling) route input validation
     * there, keeping {@code -32602} for calls not shaped like a {@code tools/call}.
     */
    public ObjectNode violations(CompiledTool tool, JsonNode arguments) {
        if (tool.input() == null) {
            return null;
        }
        List<Error> errors = tool.input().validate(arguments);
        if (errors.isEmpty()) {
            return null;
        }
        return report("Invalid arguments for tool '" + tool.name() + "':", errors);
    }

    /** A tool error listing schema violations by JSON path, in the text and as {@code structuredContent.violations}. */
    private ObjectNode report(String heading, List<Error> errors) {
        ObjectNode detail = codec.object();
        ArrayNode list = detail.putArray("violations");
        for (Error error : errors.subList(0, Math.min(errors.size(), MAX_REPORTED_VIOLATIONS))) {
            ObjectNode v = list.addObject();
            v.put("path", error.getInstanceLocation().toString());
            v.put("keyword", error.getKeyword());
            v.put("message", error.getMessage());
        }
        ObjectNode result = codec.object();
        result.putArray("content").addObject().put("type", "text").put("text", heading + lines(errors));
        result.set("structuredContent", detail);
        result.put("isError", true);
        return result;
    }

    /** One line per violation: its path, the validator's message and the keyword; at most ten, then a count. */
    private static String lines(List<Error> errors) {
        StringBuilder text = new StringBuilder();
        for (Error error : errors.subList(0, Math.min(errors.size(), MAX_REPORTED_VIOLATIONS))) {
            text.append("\n- ").append(error.getInstanceLocation()).append(": ").append(error.getMessage())
                    .append(" (").append(error.getKeyword()).append(')');
        }
        if (errors.size() > MAX_REPORTED_VIOLATIONS) {
            text.append("\n- and ").append(errors.size() - MAX_REPORTED_VIOLATIONS).append(" more");
        }
        return text.toString();
    }

    /** The arguments host code sees: the declared top-level keys only, values as sent, converted when first read. */
    public Map<String, Object> declaredArguments(CompiledTool tool, JsonNode arguments) {
        if (tool.declaredKeys().isEmpty() || arguments.isEmpty()) {
            return Map.of();
        }
        return new DeclaredArguments(() -> convert(tool, arguments));
    }

    private static Map<String, Object> convert(CompiledTool tool, JsonNode arguments) {
        if (tool.declaredKeys().isEmpty() || arguments.isEmpty()) {
            return Map.of();
        }
        if (arguments.size() == 1) {
            Map.Entry<String, JsonNode> only = arguments.properties().iterator().next();
            return tool.declaredKeys().contains(only.getKey())
                    ? Collections.singletonMap(only.getKey(), JavaValues.of(only.getValue())) : Map.of();
        }
        Map<String, Object> args = new LinkedHashMap<>((int) (arguments.size() / 0.75f) + 1);
        for (Map.Entry<String, JsonNode> e : arguments.properties()) {
            if (tool.declaredKeys().contains(e.getKey())) {
                args.put(e.getKey(), JavaValues.of(e.getValue()));
            }
        }
        return Collections.unmodifiableMap(args);
    }

    public ObjectNode run(CompiledTool tool, Map<String, Object> arguments, HostContext context) {
        ToolResult result;
        try {
            result = dispatch.call(tool.name(), arguments, context);
        } catch (ToolErrorException error) {
            result = ToolResult.error(HostFaults.toolError(error), error.detail());
        } catch (InvalidParamsException refusal) {
            throw HostFaults.refused(refusal, McpError.INVALID_PARAMS, null);
        } catch (Throwable failure) {
            if (!HostFaults.denied(failure)) {
                throw HostFaults.internal("Tool '" + tool.name() + "'" + label(tool), failure, context);
            }
            // a refusal of the caller, which the model can tell from a fault
            result = ToolResult.error(HostFaults.ACCESS_DENIED);
        }
        try {
            return render(tool, result, context.revision());
        } catch (RuntimeException failure) {
            throw HostFaults.internal("Rendering the result of tool '" + tool.name() + "'" + label(tool), failure,
                    context);
        }
    }

    private static String label(CompiledTool tool) {
        String commandClass = tool.spec().commandClass();
        return commandClass == null ? "" : " [" + commandClass + "]";
    }

    private ObjectNode render(CompiledTool tool, ToolResult result, Revision revision) {
        if (result == null) {
            throw new IllegalStateException("Dispatch returned null");
        }
        ObjectNode out = codec.object();
        if (revision == Revision.V2026_07_28) {
            // first, as McpServer.shape() would put it, which then only appends _meta instead of copying
            out.put("resultType", "complete");
        }
        if (result instanceof ToolResult.Error error) {
            out.putArray("content").addObject().put("type", "text")
                    .put("text", error.message() == null ? "" : error.message());
            if (error.detail() != null) {
                putStructured(out, codec.toTree(error.detail()), revision);
            }
            out.put("isError", true);
            return out;
        }
        ToolResult.Success success = (ToolResult.Success) result;
        JsonNode structured = success.structured() == null ? null : codec.toTree(success.structured());
        if (tool.output() != null) {
            if (structured == null || !structured.isObject()) {
                log.error("Tool '{}'{} returned a result that is not a JSON object, as its output schema requires; "
                        + "the model got a tool error", tool.name(), label(tool));
                return toolError("The tool '" + tool.name()
                        + "' returned a result that is not a JSON object, as its output schema requires");
            }
            List<Error> errors = tool.output().validate(structured);
            if (!errors.isEmpty()) {
                // the violations describe the host's own result, not the request
                log.error("Tool '{}'{} returned a result that breaks its output schema; the model got a tool error:{}",
                        tool.name(), label(tool), lines(errors));
                return report("The tool '" + tool.name() + "' returned a result that does not match its output "
                        + "schema:", errors);
            }
        }
        ArrayNode content = out.putArray("content");
        if (success.content().isEmpty()) {
            if (structured != null) {
                String text = structured.isString() ? structured.stringValue() : codec.writeString(structured);
                content.addObject().put("type", "text").put("text", text);
            }
        } else {
            for (Content block : success.content()) {
                content.add(blocks.block(block));
            }
        }
        if (structured != null && (tool.output() != null || !structured.isString())) {
            putStructured(out, structured, revision);
        }
        return out;
    }

    /** 2025-11-25 allows only an object as structured content; 2026-07-28 any JSON value. */
    private static void putStructured(ObjectNode out, JsonNode structured, Revision revision) {
        if (structured.isObject() || (revision == Revision.V2026_07_28 && !structured.isNull())) {
            out.set("structuredContent", structured);
        }
    }

    public ObjectNode missingCapabilities(CompiledTool tool, List<String> missing) {
        return toolError("The tool '" + tool.name() + "' needs the client capabilities " + missing
                + ", which this client did not declare");
    }

    /** The answer to a call that ran past its time limit: a tool error, so the model can react. */
    public ObjectNode timedOut(String tool, Duration limit) {
        long millis = limit.toMillis();
        String shown = millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
        return toolError("The tool '" + tool + "' did not finish within " + shown + " and was cancelled");
    }

    /** The answer to a call over the tool's bound of concurrent calls: a tool error, so the model can retry. */
    public ObjectNode overConcurrency(CompiledTool tool, int max) {
        return toolError("The tool '" + tool.name() + "' is already running " + max
                + " calls at once, its limit; try again later");
    }

    /** A call refused for its caller's rate, where the transport has no status for it. */
    public ObjectNode overRate(String message) {
        return toolError(message);
    }

    private ObjectNode toolError(String message) {
        ObjectNode out = codec.object();
        out.putArray("content").addObject().put("type", "text").put("text", message);
        out.put("isError", true);
        return out;
    }
}
