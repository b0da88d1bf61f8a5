package io.beammcp.core.internal.catalog;

import io.beammcp.core.ToolAnnotations;
import io.beammcp.core.ToolBinding;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.internal.json.JsonCodec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.Set;
import java.util.regex.Pattern;

import static io.beammcp.core.internal.catalog.Fields.putIfPresent;

/**
 * A tool as the server serves it: its spec, the JSON {@code tools/list} advertises, the compiled schemas
 * {@code tools/call} enforces (the same documents), and the code that runs it.
 *
 * @param spec the host's spec
 * @param advertised the tool object sent by {@code tools/list}
 * @param input the compiled input schema, or {@code null} for a tool without arguments
 * @param output the compiled output schema, or {@code null}
 * @param declaredKeys the top-level properties the input schema declares: the only keys that reach the handler
 * @param headerParams the {@code Mcp-Param-*} headers the input schema demands
 * @param handler what runs a call
 */
public record CompiledTool(ToolSpec spec, ObjectNode advertised, SchemaCompiler.Compiled input,
        SchemaCompiler.Compiled output, Set<String> declaredKeys, HeaderParams headerParams,
        ToolBinding.Handler handler) {

    /** What a tool's name may be: what clients accept and the mirrored {@code Mcp-Name} header can carry. */
    public static final Pattern NAME = Pattern.compile("^[A-Za-z0-9_.-]{1,64}$");

    public String name() {
        return spec.name();
    }

    /** Compiles one tool; refuses, naming it, anything that could fail at call time. */
    static CompiledTool compile(ToolBinding binding, JsonCodec codec, SchemaCompiler compiler) {
        ToolSpec spec = binding.spec();
        String name = spec.name();
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("Tool name '" + name + "' must match " + NAME.pattern());
        }
        SchemaCompiler.Compiled input = null;
        SchemaCompiler.Compiled output = null;
        HeaderParams headerParams = HeaderParams.NONE;
        try {
            if (spec.inputSchema() != null) {
                input = compiler.compile(spec.inputSchema(), "input schema");
                headerParams = HeaderParams.of(input.document());
            }
            if (spec.outputSchema() != null) {
                output = compiler.compile(spec.outputSchema(), "output schema");
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Tool '" + name + "': " + e.getMessage());
        }
        ObjectNode json = codec.object();
        json.put("name", name);
        putIfPresent(json, "title", spec.title());
        putIfPresent(json, "description", spec.description());
        if (input != null) {
            json.set("inputSchema", input.document());
        } else {
            json.putObject("inputSchema").put("type", "object");
        }
        if (output != null) {
            json.set("outputSchema", output.document());
        }
        ToolAnnotations hints = spec.annotations();
        if (!hints.isEmpty()) {
            ObjectNode a = json.putObject("annotations");
            putIfPresent(a, "title", hints.title());
            putIfPresent(a, "readOnlyHint", hints.readOnlyHint());
            putIfPresent(a, "destructiveHint", hints.destructiveHint());
            putIfPresent(a, "idempotentHint", hints.idempotentHint());
            putIfPresent(a, "openWorldHint", hints.openWorldHint());
        }
        Fields.putIcons(json, spec.icons(), "Tool '" + name + "'");
        ObjectNode meta = spec.meta() == null ? null : Fields.meta(codec, spec.meta(), "Tool '" + name + "'");
        if (spec.view() != null) {
            meta = meta == null ? codec.object() : meta;
            Views.link(meta, spec.view(), name, codec);
        }
        if (meta != null) {
            json.set("_meta", meta);
        }
        return new CompiledTool(spec, json, input, output, input == null ? Set.of() : declaredKeys(input.document()),
                headerParams, binding.handler());
    }

    private static Set<String> declaredKeys(JsonNode schema) {
        JsonNode properties = schema.path("properties");
        return properties.isObject() ? Set.copyOf(properties.propertyNames()) : Set.of();
    }
}
