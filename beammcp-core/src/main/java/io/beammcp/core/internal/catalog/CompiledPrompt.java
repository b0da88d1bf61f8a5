package io.beammcp.core.internal.catalog;

import io.beammcp.core.PromptArgument;
import io.beammcp.core.PromptBinding;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.internal.json.JsonCodec;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.HashSet;
import java.util.Set;

import static io.beammcp.core.internal.catalog.Fields.putIfPresent;

/**
 * A prompt as the server serves it: its spec, its argument list as a JSON Schema (one string property per
 * argument, the required ones required, nothing else admitted) that the same validator as tool arguments
 * enforces, the JSON {@code prompts/list} advertises, and the code that renders it.
 *
 * @param spec the host's spec
 * @param arguments the compiled argument schema
 * @param advertised the prompt object sent by {@code prompts/list}
 * @param handler what renders it
 */
public record CompiledPrompt(PromptSpec spec, SchemaCompiler.Compiled arguments, ObjectNode advertised,
        PromptBinding.Handler handler) {

    public boolean declares(String argument) {
        return spec.arguments().stream().anyMatch(a -> a.name().equals(argument));
    }

    static CompiledPrompt compile(PromptBinding binding, JsonCodec codec, SchemaCompiler compiler) {
        PromptSpec spec = binding.spec();
        String name = spec.name();
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("A prompt has no name");
        }
        ObjectNode schema = codec.object().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = schema.putArray("required");
        schema.put("additionalProperties", false);
        ObjectNode json = codec.object();
        json.put("name", name);
        putIfPresent(json, "title", spec.title());
        putIfPresent(json, "description", spec.description());
        Fields.putIcons(json, spec.icons(), "Prompt '" + name + "'");
        Set<String> seen = new HashSet<>();
        if (!spec.arguments().isEmpty()) {
            ArrayNode arguments = json.putArray("arguments");
            for (PromptArgument argument : spec.arguments()) {
                if (argument == null || argument.name() == null || argument.name().isBlank()) {
                    throw new IllegalArgumentException("Prompt '" + name + "' has an argument without a name");
                }
                if (!seen.add(argument.name())) {
                    throw new IllegalArgumentException("Prompt '" + name + "' declares argument '" + argument.name()
                            + "' twice");
                }
                properties.putObject(argument.name()).put("type", "string");
                if (argument.required()) {
                    required.add(argument.name());
                }
                ObjectNode a = arguments.addObject();
                a.put("name", argument.name());
                putIfPresent(a, "title", argument.title());
                putIfPresent(a, "description", argument.description());
                if (argument.required()) {
                    a.put("required", true);
                }
            }
        }
        SchemaCompiler.Compiled compiled = compiler.compile(codec.writeString(schema), "derived argument schema");
        return new CompiledPrompt(spec, compiled, json, binding.handler());
    }
}
