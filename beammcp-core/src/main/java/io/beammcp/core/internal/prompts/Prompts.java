package io.beammcp.core.internal.prompts;

import com.networknt.schema.Error;
import io.beammcp.core.InvalidParamsException;
import io.beammcp.core.PromptArgument;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.PromptRenderer;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.internal.access.Access;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.call.HostFaults;
import io.beammcp.core.internal.catalog.Blocks;
import io.beammcp.core.internal.catalog.Catalogs;
import io.beammcp.core.internal.catalog.Paged;
import io.beammcp.core.internal.catalog.SchemaCompiler;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.spi.McpAccessPolicy;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.security.Principal;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static io.beammcp.core.internal.catalog.Catalogs.putIfPresent;

/**
 * The catalog's prompts, compiled once, and {@code prompts/get}. Each prompt's argument list becomes a
 * JSON Schema (one string property per argument, the required ones required, nothing else admitted) that
 * the same validator as tool arguments enforces.
 */
public final class Prompts {

    public record Prompt(PromptSpec spec, SchemaCompiler.Compiled arguments, ObjectNode advertised) {

        public boolean declares(String argument) {
            return spec.arguments().stream().anyMatch(a -> a.name().equals(argument));
        }
    }

    private final Paged<Prompt> prompts;
    private final PromptRenderer renderer;
    private final JsonCodec codec;
    private final Blocks blocks;

    public Prompts(List<PromptSpec> specs, PromptRenderer renderer, JsonCodec codec, SchemaCompiler compiler, Blocks blocks) {
        if (specs == null) {
            throw new IllegalArgumentException("Catalog.prompts() returned null; return an empty list for no prompts");
        }
        if (!specs.isEmpty() && renderer == null) {
            throw new IllegalArgumentException("The catalog lists prompts but no PromptRenderer was given");
        }
        Map<String, Prompt> byName = new HashMap<>();
        for (PromptSpec spec : specs) {
            if (spec == null) {
                throw new IllegalArgumentException("Catalog.prompts() holds a null prompt");
            }
            Prompt prompt = compile(spec, codec, compiler);
            if (byName.putIfAbsent(spec.name(), prompt) != null) {
                throw new IllegalArgumentException("Prompt name '" + spec.name() + "' is declared twice");
            }
        }
        this.prompts = new Paged<>("prompts", byName, Prompt::advertised);
        this.renderer = renderer;
        this.codec = codec;
        this.blocks = blocks;
    }

    /** The prompts as declared, sorted by name. */
    public List<PromptSpec> specs() {
        List<PromptSpec> specs = new java.util.ArrayList<>();
        prompts.all().forEach(prompt -> specs.add(prompt.spec()));
        return specs;
    }

    public boolean offered() {
        return renderer != null;
    }

    public void list(ObjectNode params, int pageSize, ObjectNode result, Principal principal, Access access) {
        prompts.page(params, pageSize, result,
                prompt -> access.sees(principal, McpAccessPolicy.Kind.PROMPT, prompt.spec().name()));
    }

    /** A prompt the caller sees, or {@code null} as for an unknown one. */
    public Prompt get(String name, Principal principal, Access access) {
        Prompt prompt = prompts.get(name);
        return prompt != null && access.sees(principal, McpAccessPolicy.Kind.PROMPT, name) ? prompt : null;
    }

    /** The listed prompt a {@code prompts/get} names; {@code -32602} with {@code data.name} otherwise. */
    public Prompt named(ObjectNode params, Principal principal, Access access) {
        JsonNode name = params == null ? null : params.get("name");
        if (name == null || !name.isString()) {
            throw McpError.invalidParams("Invalid params: name must be a string");
        }
        Prompt prompt = get(name.stringValue(), principal, access);
        if (prompt == null) {
            throw new McpError(McpError.INVALID_PARAMS, "Unknown prompt", codec.object().put("name", name.stringValue()));
        }
        access.requireScopes(principal, prompt.spec().scopes());
        return prompt;
    }

    /** The arguments, validated against the prompt's derived schema; {@code -32602} naming what is wrong. */
    public Map<String, String> arguments(Prompt prompt, ObjectNode params) {
        JsonNode arguments = params.get("arguments");
        if (arguments == null) {
            arguments = codec.object();
        } else if (!arguments.isObject()) {
            throw McpError.invalidParams("Invalid params: arguments must be an object");
        }
        List<Error> errors = prompt.arguments().validate(arguments);
        if (!errors.isEmpty()) {
            StringBuilder message = new StringBuilder("Invalid arguments for prompt '").append(prompt.spec().name())
                    .append("':");
            for (Error error : errors) {
                message.append(' ').append(error.getInstanceLocation()).append(": ").append(error.getMessage())
                        .append(" (").append(error.getKeyword()).append(')').append(';');
            }
            message.setLength(message.length() - 1);
            throw McpError.invalidParams(message.toString());
        }
        Map<String, String> values = new LinkedHashMap<>();
        arguments.properties().forEach(e -> values.put(e.getKey(), e.getValue().stringValue()));
        return Collections.unmodifiableMap(values);
    }

    public ObjectNode render(Prompt prompt, Map<String, String> arguments, HostContext context) {
        PromptResult result;
        try {
            result = renderer.render(prompt.spec().name(), arguments, context);
        } catch (InvalidParamsException refusal) {
            throw HostFaults.refused(refusal, McpError.INVALID_PARAMS,
                    codec.object().put("name", prompt.spec().name()));
        } catch (Throwable failure) {
            throw HostFaults.internal("Prompt '" + prompt.spec().name() + "'", failure, context);
        }
        try {
            if (result == null) {
                throw new IllegalStateException("The renderer returned null");
            }
            ObjectNode out = codec.object();
            putIfPresent(out, "description", result.description());
            ArrayNode messages = out.putArray("messages");
            for (PromptMessage message : result.messages()) {
                if (message == null || message.role() == null) {
                    throw new IllegalStateException("A prompt message or its role is null");
                }
                ObjectNode m = messages.addObject();
                m.put("role", message.role().name().toLowerCase(Locale.ROOT));
                m.set("content", blocks.block(message.content()));
            }
            return out;
        } catch (RuntimeException failure) {
            throw HostFaults.internal("Rendering prompt '" + prompt.spec().name() + "'", failure, context);
        }
    }

    private static Prompt compile(PromptSpec spec, JsonCodec codec, SchemaCompiler compiler) {
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
        Catalogs.putIcons(json, spec.icons(), "Prompt '" + name + "'");
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
        return new Prompt(spec, compiled, json);
    }
}
