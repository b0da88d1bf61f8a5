package io.beammcp.core.server;

import io.beammcp.core.Icon;
import io.beammcp.core.ToolAnnotations;
import io.beammcp.core.ToolSpec;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The catalog's tools compiled once: sorted by name for keyset paging, indexed by name for calls.
 * Construction refuses, naming the culprit, anything that could fail at call time.
 */
final class ToolIndex {

    static final Pattern NAME = Pattern.compile("^[A-Za-z0-9_.-]{1,64}$");

    private final CompiledTool[] sorted;
    private final String[] names;
    private final Map<String, CompiledTool> byName;

    ToolIndex(List<ToolSpec> tools, JsonCodec codec, SchemaCompiler compiler) {
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
        this.byName = Map.copyOf(map);
        this.sorted = map.values().stream()
                .sorted((a, b) -> a.name().compareTo(b.name()))
                .toArray(CompiledTool[]::new);
        this.names = Arrays.stream(sorted).map(CompiledTool::name).toArray(String[]::new);
    }

    CompiledTool get(String name) {
        return byName.get(name);
    }

    /** The tools with names strictly after {@code after} ({@code null}: from the start), at most {@code max}. */
    List<CompiledTool> after(String after, int max) {
        int from = 0;
        if (after != null) {
            int at = Arrays.binarySearch(names, after);
            from = at >= 0 ? at + 1 : -at - 1;
        }
        int to = Math.min(sorted.length, from + max);
        return from >= to ? List.of() : Arrays.asList(sorted).subList(from, to);
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
        ToolAnnotations hints = spec.effectiveAnnotations();
        if (!hints.isEmpty()) {
            ObjectNode a = json.putObject("annotations");
            putIfPresent(a, "title", hints.title());
            putIfPresent(a, "readOnlyHint", hints.readOnlyHint());
            putIfPresent(a, "destructiveHint", hints.destructiveHint());
            putIfPresent(a, "idempotentHint", hints.idempotentHint());
            putIfPresent(a, "openWorldHint", hints.openWorldHint());
        }
        if (spec.icons() != null) {
            ArrayNode icons = json.putArray("icons");
            for (Icon icon : spec.icons()) {
                if (icon == null || icon.src() == null) {
                    throw new IllegalArgumentException("Tool '" + name + "': an icon has no src");
                }
                ObjectNode i = icons.addObject();
                i.put("src", icon.src());
                putIfPresent(i, "mimeType", icon.mimeType());
                if (icon.sizes() != null) {
                    ArrayNode sizes = i.putArray("sizes");
                    icon.sizes().forEach(sizes::add);
                }
                putIfPresent(i, "theme", icon.theme());
            }
        }
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

    private static void putIfPresent(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }

    private static void putIfPresent(ObjectNode node, String field, Boolean value) {
        if (value != null) {
            node.put(field, value);
        }
    }

}
