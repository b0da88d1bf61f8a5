package io.beammcp.core.internal.tools;

import io.beammcp.core.ToolAnnotations;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.internal.catalog.Catalogs;
import io.beammcp.core.internal.catalog.Paged;
import io.beammcp.core.internal.catalog.SchemaCompiler;
import io.beammcp.core.internal.json.JsonCodec;
import tools.jackson.databind.node.ObjectNode;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static io.beammcp.core.internal.catalog.Catalogs.putIfPresent;

/**
 * Compiles the catalog's tools once. Refuses, naming the culprit, anything that could fail at call time.
 */
public final class ToolIndex {

    public static final Pattern NAME = Pattern.compile("^[A-Za-z0-9_.-]{1,64}$");

    private ToolIndex() {
    }

    public static Paged<CompiledTool> compile(List<ToolSpec> tools, JsonCodec codec, SchemaCompiler compiler) {
        if (tools == null) {
            throw new IllegalArgumentException("Catalog.tools() returned null; return an empty list for no tools");
        }
        Map<String, CompiledTool> map = new HashMap<>();
        for (ToolSpec spec : tools) {
            if (spec == null) {
                throw new IllegalArgumentException("Catalog.tools() holds a null tool");
            }
            CompiledTool tool = compile(spec, codec, compiler);
            if (map.putIfAbsent(spec.name(), tool) != null) {
                throw new IllegalArgumentException("Tool name '" + spec.name() + "' is declared twice");
            }
        }
        return new Paged<>("tools", map, CompiledTool::advertised);
    }

    private static CompiledTool compile(ToolSpec spec, JsonCodec codec, SchemaCompiler compiler) {
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
        Catalogs.putIcons(json, spec.icons(), "Tool '" + name + "'");
        if (spec.meta() != null) {
            try {
                json.set("_meta", codec.toTree(spec.meta()));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("Tool '" + name + "': _meta cannot be serialised as JSON");
            }
        }
        return new CompiledTool(spec, json, input, output,
                input == null ? Set.of() : CompiledTool.declaredKeys(input.document()), headerParams);
    }
}
