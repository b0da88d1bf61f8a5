package io.beammcp.core.internal.tools;

import io.beammcp.core.MissingClientCapabilityException;
import io.beammcp.core.Revision;
import io.beammcp.core.internal.access.Access;
import io.beammcp.core.internal.access.Callers;
import io.beammcp.core.internal.call.CallWrap;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.call.Outcome;
import io.beammcp.core.internal.call.Request;
import io.beammcp.core.internal.catalog.CatalogIndex;
import io.beammcp.core.internal.catalog.CompiledTool;
import io.beammcp.core.internal.input.Inputs;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.limits.CallerRates;
import io.beammcp.core.internal.limits.ToolBulkhead;
import io.beammcp.core.internal.protocol.CacheHints;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.spi.McpAccessPolicy;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.security.Principal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/** {@code tools/list} and {@code tools/call}, on the tools compiled now. */
public final class ToolsHandler {

    private final Supplier<CatalogIndex> catalog;
    private final ToolCalls calls;
    private final Inputs inputs;
    private final JsonCodec codec;
    private final int pageSize;
    private final CacheHints cache;
    private final CallWrap wrap;
    private final ToolBulkhead bulkhead;
    private final Access access;
    private final CallerRates rates;

    /**
     * @param wrap what the extensions that wrap {@code tools/call} (Tasks) do around a call's work
     */
    public ToolsHandler(Supplier<CatalogIndex> catalog, ToolCalls calls, Inputs inputs, JsonCodec codec,
            int pageSize, CacheHints cache, CallWrap wrap, ToolBulkhead bulkhead, Access access, CallerRates rates) {
        this.access = access;
        this.bulkhead = bulkhead;
        this.rates = rates;
        this.wrap = wrap;
        this.catalog = catalog;
        this.calls = calls;
        this.inputs = inputs;
        this.codec = codec;
        this.pageSize = pageSize;
        this.cache = cache;
    }

    public Outcome list(Request request) {
        ObjectNode result = codec.object();
        Principal principal = request.context().principal();
        catalog.get().tools().page(request.params(), pageSize, result,
                tool -> access.sees(principal, McpAccessPolicy.Kind.TOOL, tool.name()));
        return Outcome.result(result, access.listHints(cache));
    }

    /**
     * A call of a listed tool: its arguments checked against the headers that mirror them (HTTP), the
     * client's capabilities against those the tool requires, then the arguments against its schema, all
     * before host code runs with only the declared keys.
     */
    public Outcome call(Request request) {
        Revision era = request.era();
        ObjectNode params = request.params();
        JsonNode name = params == null ? null : params.get("name");
        if (name == null || !name.isString()) {
            throw McpError.invalidParams("Invalid params: name must be a string");
        }
        CompiledTool tool = catalog.get().tools().get(name.stringValue());
        Principal principal = request.context().principal();
        String caller = Callers.of(request.exchange());
        if (tool == null || !access.sees(principal, McpAccessPolicy.Kind.TOOL, tool.name())) {
            String shown = CompiledTool.NAME.matcher(name.stringValue()).matches() ? ": " + name.stringValue() : "";
            throw McpError.invalidParams("Unknown tool" + shown);
        }
        if (rates.bounded()) {
            // every call of a listed tool counts, before any other check, so a flood costs a lookup each
            long retryAfter = rates.tryCall(CallerRates.callerOf(request.exchange(), caller));
            if (retryAfter > 0) {
                return overRate(request, retryAfter);
            }
        }
        access.requireScopes(principal, tool.spec().scopes());
        JsonNode arguments = params.get("arguments");
        if (arguments == null) {
            arguments = codec.object();
        } else if (!arguments.isObject()) {
            throw McpError.invalidParams("Invalid params: arguments must be an object");
        }
        if (request.modern() && request.exchange().facts().headerRules()) {
            tool.headerParams().check(request.exchange(), arguments);
        }
        HostContext context = request.context();
        List<String> missing = missingCapabilities(tool.spec().requiredClientCapabilities(), context);
        if (!missing.isEmpty()) {
            if (request.modern()) {
                ObjectNode data = codec.object();
                ObjectNode required = data.putObject("requiredCapabilities");
                missing.forEach(required::putObject);
                throw new McpError(McpError.MISSING_REQUIRED_CLIENT_CAPABILITY,
                        "Missing required client capability: " + String.join(", ", missing), data);
            }
            // 2025-11-25 has no such error: the model learns it from a tool error
            return Outcome.result(calls.missingCapabilities(tool, missing));
        }
        context.bindTool(tool.spec(), arguments);
        JsonNode checked = arguments;
        Supplier<ObjectNode> work = () -> {
            // the permit is taken on the host thread, so a call never run never holds one
            Semaphore permit = bulkhead.bounded() ? bulkhead.tryEnter(tool.name()) : null;
            if (bulkhead.bounded() && permit == null) {
                return calls.overConcurrency(tool, bulkhead.max());
            }
            try {
                // only the declared keys reach host code, read once the arguments passed their schema
                return calls.run(tool, calls.declaredArguments(tool, checked), context);
            } catch (MissingClientCapabilityException e) {
                if (era == Revision.V2026_07_28) {
                    throw e;
                }
                // as for a tool's declared capabilities: 2025-11-25 has no error for it, the model learns it
                return calls.missingCapabilities(tool, e.missing().stream().map(p -> String.join(".", p)).toList());
            } finally {
                if (permit != null) {
                    permit.release();
                }
            }
        };
        // an extension may refuse the call (Tasks: a task-only tool without the extension) before its arguments
        Supplier<ObjectNode> wrapped = wrap.wrap(request, work);
        ObjectNode violations = calls.violations(tool, arguments);
        if (violations != null) {
            return Outcome.result(violations);
        }
        context.bindInput(inputs.open(era, request.message(), tool.name(), arguments, caller), inputs.timeout());
        return Outcome.work(wrapped, null);
    }

    /** Over HTTP a 429 with the JSON-RPC error; where the transport has no such status, a tool error. */
    private Outcome overRate(Request request, long retryAfter) {
        long millis = rates.period().toMillis();
        String period = millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
        String message = "Rate limit exceeded: at most " + rates.limit() + " tool calls in " + period
                + "; retry after " + retryAfter + " s";
        if (request.exchange().facts().rateLimitStatus()) {
            ObjectNode data = codec.object();
            data.put(CallerRates.RETRY_AFTER, retryAfter);
            throw new McpError(McpError.RATE_LIMITED, message, data);
        }
        return Outcome.result(calls.overRate(message));
    }

    private static List<String> missingCapabilities(List<String> required, HostContext context) {
        if (required.isEmpty()) {
            return List.of();
        }
        List<String> missing = new ArrayList<>();
        for (String capability : required) {
            if (!context.clientCapabilities().containsKey(capability)) {
                missing.add(capability);
            }
        }
        return missing;
    }
}
