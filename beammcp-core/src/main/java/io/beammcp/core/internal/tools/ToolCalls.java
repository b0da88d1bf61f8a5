package io.beammcp.core.internal.tools;

import com.networknt.schema.Error;
import io.beammcp.core.Content;
import io.beammcp.core.InvalidParamsException;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolErrorException;
import io.beammcp.core.ToolResult;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.call.HostFaults;
import io.beammcp.core.internal.catalog.Blocks;
import io.beammcp.core.internal.catalog.CompiledTool;
import io.beammcp.core.internal.json.JavaValues;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.ArgumentRefusal;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.internal.protocol.ToolErrors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
 * declared keys to the tool's handler, and renders what the host returns.
 */
public final class ToolCalls {

    private static final Logger log = LoggerFactory.getLogger("io.beammcp.host");

    private final JsonCodec codec;
    private final Blocks blocks;

    public ToolCalls(JsonCodec codec, Blocks blocks) {
        this.codec = codec;
        this.blocks = blocks;
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
        return ToolErrors.violations(codec, "Invalid arguments for tool '" + tool.name() + "':", violations(errors));
    }

    private static List<ToolErrors.Violation> violations(List<Error> errors) {
        return errors.stream().map(e -> new ToolErrors.Violation(e.getInstanceLocation().toString(), e.getKeyword(),
                e.getMessage())).toList();
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
            result = tool.handler().call(arguments, context);
        } catch (ArgumentRefusal refusal) {
            return ToolErrors.violations(codec, refusal.heading(), refusal.violations());
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
        } catch (OutOfMemoryError exhausted) {
            // the host's value was too large to convert: this call ends, the server goes on
            log.error("Tool '{}'{} returned a result too large to encode; the model got a tool error: {}", tool.name(),
                    label(tool), exhausted.toString());
            return ToolErrors.of(codec, ToolErrors.OUT_OF_MEMORY);
        }
    }

    private static String label(CompiledTool tool) {
        String commandClass = tool.spec().commandClass();
        return commandClass == null ? "" : " [" + commandClass + "]";
    }

    private ObjectNode render(CompiledTool tool, ToolResult result, Revision revision) {
        if (result == null) {
            throw new IllegalStateException("The tool's handler returned null");
        }
        if (result instanceof ToolResult.Error error) {
            return ToolErrors.of(codec, error.message(), errorDetail(tool, error, revision));
        }
        ObjectNode out = codec.object();
        ToolResult.Success success = (ToolResult.Success) result;
        JsonNode structured = success.structured() == null ? null : codec.toTree(success.structured());
        if (tool.output() != null) {
            if (structured == null || !structured.isObject()) {
                log.error("Tool '{}'{} returned a result that is not a JSON object, as its output schema requires; "
                        + "the model got a tool error", tool.name(), label(tool));
                return ToolErrors.of(codec, "The tool '" + tool.name()
                        + "' returned a result that is not a JSON object, as its output schema requires");
            }
            List<Error> errors = tool.output().validate(structured);
            if (!errors.isEmpty()) {
                // the violations describe the host's own result, not the request
                List<ToolErrors.Violation> violations = violations(errors);
                log.error("Tool '{}'{} returned a result that breaks its output schema; the model got a tool error:{}",
                        tool.name(), label(tool), ToolErrors.text("", violations));
                return ToolErrors.violations(codec, "The tool '" + tool.name() + "' returned a result that does not "
                        + "match its output schema:", violations);
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

    /**
     * The structured detail of a tool error host code made, as it may be sent: a tool with an output schema
     * has every {@code structuredContent} checked against it, error or not, by some clients, which then drop
     * the whole answer; detail that breaks the schema is left out (the text still reaches the model) and logged.
     */
    private JsonNode errorDetail(CompiledTool tool, ToolResult.Error error, Revision revision) {
        JsonNode detail = error.detail() == null ? null : codec.toTree(error.detail());
        if (detail == null || detail.isNull() || (!detail.isObject() && revision != Revision.V2026_07_28)) {
            return null;
        }
        List<Error> errors = tool.output() == null ? List.of() : tool.output().validate(detail);
        if (!errors.isEmpty()) {
            log.error("Tool '{}'{} returned a tool error whose detail does not match its output schema; the model got "
                    + "the error's text without it:{}", tool.name(), label(tool), ToolErrors.text("", violations(errors)));
            return null;
        }
        return detail;
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
        return ToolErrors.of(codec, message);
    }
}
