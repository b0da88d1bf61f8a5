package io.beammcp.core.internal.completion;

import io.beammcp.core.Completer;
import io.beammcp.core.InvalidParamsException;
import io.beammcp.core.internal.access.Access;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.call.HostFaults;
import io.beammcp.core.internal.call.Outcome;
import io.beammcp.core.internal.call.Request;
import io.beammcp.core.internal.catalog.CatalogIndex;
import io.beammcp.core.internal.catalog.CompiledPrompt;
import io.beammcp.core.internal.catalog.CompiledTemplate;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.prompts.Prompts;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.spi.McpAccessPolicy;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.security.Principal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code completion/complete}: the reference and argument are checked against the catalog before the
 * host's completer runs; at most {@value #MAX_VALUES} values are sent, with the honest total.
 */
public final class Completions {

    public static final int MAX_VALUES = 100;

    private record Query(Completer.Reference reference, String argument, String value, Map<String, String> context,
            Completer completer) {
    }

    private final JsonCodec codec;
    private final Supplier<CatalogIndex> catalog;
    private final Access access;

    public Completions(JsonCodec codec, Supplier<CatalogIndex> catalog, Access access) {
        this.access = access;
        this.codec = codec;
        this.catalog = catalog;
    }

    /** {@code completion/complete}: the request checked now against the catalog, the completer run later. */
    public Outcome handle(Request request) {
        HostContext context = request.context();
        Query parsed = parse(request.params(), catalog.get(), context.principal());
        return Outcome.work(() -> complete(parsed, context), null);
    }

    /** The request, its reference checked against the catalog's current prompts and resources. */
    private Query parse(ObjectNode params, CatalogIndex catalog, Principal principal) {
        JsonNode ref = params == null ? null : params.get("ref");
        if (ref == null || !ref.isObject()) {
            throw McpError.invalidParams("Invalid params: ref must be an object");
        }
        JsonNode argument = params.get("argument");
        if (argument == null || !argument.isObject() || !argument.path("name").isString()
                || !argument.path("value").isString()) {
            throw McpError.invalidParams("Invalid params: argument must be an object with string name and value");
        }
        String name = argument.get("name").stringValue();
        Completer.Reference reference;
        String type = ref.path("type").asString("");
        if (type.equals("ref/prompt") && ref.path("name").isString()) {
            CompiledPrompt prompt = Prompts.visible(catalog.prompts(), ref.get("name").stringValue(), principal, access);
            if (prompt == null) {
                throw McpError.invalidParams("Invalid params: ref names no listed prompt");
            }
            access.requireScopes(principal, prompt.spec().scopes());
            if (!prompt.declares(name)) {
                throw McpError.invalidParams("Invalid params: the prompt has no argument '" + name + "'");
            }
            reference = new Completer.Reference(prompt.spec().name(), null);
        } else if (type.equals("ref/resource") && ref.path("uri").isString()) {
            CompiledTemplate template = catalog.resources().template(ref.get("uri").stringValue());
            if (template != null && !access.sees(principal, McpAccessPolicy.Kind.RESOURCE_TEMPLATE,
                    template.spec().uriTemplate())) {
                template = null;
            }
            if (template == null) {
                throw McpError.invalidParams("Invalid params: ref names no listed resource template");
            }
            access.requireScopes(principal, template.spec().scopes());
            if (!template.template().variables().contains(name)) {
                throw McpError.invalidParams("Invalid params: the template has no variable '" + name + "'");
            }
            reference = new Completer.Reference(null, template.spec().uriTemplate());
        } else {
            throw McpError.invalidParams("Invalid params: ref must be a ref/prompt with a name or a ref/resource with a uri");
        }
        return new Query(reference, name, argument.get("value").stringValue(), contextArguments(params),
                catalog.completer(reference, name));
    }

    private static Map<String, String> contextArguments(ObjectNode params) {
        JsonNode arguments = params.path("context").path("arguments");
        if (arguments.isMissingNode()) {
            return Map.of();
        }
        if (!arguments.isObject()) {
            throw McpError.invalidParams("Invalid params: context.arguments must be an object");
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : arguments.properties()) {
            if (!e.getValue().isString()) {
                throw McpError.invalidParams("Invalid params: context.arguments values must be strings");
            }
            values.put(e.getKey(), e.getValue().stringValue());
        }
        return Collections.unmodifiableMap(values);
    }

    private ObjectNode complete(Query request, HostContext context) {
        List<String> values;
        try {
            values = request.completer() == null ? List.of()
                    : request.completer().complete(request.reference(), request.argument(), request.value(),
                            request.context());
        } catch (InvalidParamsException refusal) {
            throw HostFaults.refused(refusal, McpError.INVALID_PARAMS, null);
        } catch (Throwable failure) {
            throw HostFaults.internal("Completion", failure, context);
        }
        try {
            if (values == null || values.stream().anyMatch(java.util.Objects::isNull)) {
                throw new IllegalStateException("The completer answered null values");
            }
            ObjectNode out = codec.object();
            ObjectNode completion = out.putObject("completion");
            ArrayNode array = completion.putArray("values");
            values.stream().limit(MAX_VALUES).forEach(array::add);
            completion.put("total", values.size());
            completion.put("hasMore", values.size() > MAX_VALUES);
            return out;
        } catch (RuntimeException failure) {
            throw HostFaults.internal("Completion", failure, context);
        }
    }
}
