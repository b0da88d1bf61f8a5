package io.beammcp.core.internal.tools;

import io.beammcp.core.ToolSpec;
import io.beammcp.core.internal.catalog.SchemaCompiler;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.Set;

/**
 * A tool as the server serves it: its spec, the JSON {@code tools/list} advertises, and the compiled
 * schemas {@code tools/call} enforces (the same documents).
 *
 * @param spec the host's spec
 * @param advertised the tool object sent by {@code tools/list}
 * @param input the compiled input schema, or {@code null} for a tool without arguments
 * @param output the compiled output schema, or {@code null}
 * @param declaredKeys the top-level properties the input schema declares: the only keys that reach
 *        dispatch
 * @param headerParams the {@code Mcp-Param-*} headers the input schema demands
 */
public record CompiledTool(ToolSpec spec, ObjectNode advertised, SchemaCompiler.Compiled input,
        SchemaCompiler.Compiled output, Set<String> declaredKeys, HeaderParams headerParams) {

    public String name() {
        return spec.name();
    }

    public static Set<String> declaredKeys(JsonNode schema) {
        JsonNode properties = schema.path("properties");
        return properties.isObject() ? Set.copyOf(properties.propertyNames()) : Set.of();
    }
}
