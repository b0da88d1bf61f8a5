package io.beammcp.core.internal.prompts;

import com.networknt.schema.Error;
import io.beammcp.core.InvalidParamsException;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.PromptResult;
import io.beammcp.core.internal.access.Access;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.call.HostFaults;
import io.beammcp.core.internal.catalog.Blocks;
import io.beammcp.core.internal.catalog.CompiledPrompt;
import io.beammcp.core.internal.catalog.Paged;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.spi.McpAccessPolicy;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.security.Principal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.beammcp.core.internal.catalog.Fields.putIfPresent;

/** {@code prompts/get} against the compiled prompts: the prompt looked up, its arguments checked, then rendered. */
public final class Prompts {

    private final JsonCodec codec;
    private final Blocks blocks;

    public Prompts(JsonCodec codec, Blocks blocks) {
        this.codec = codec;
        this.blocks = blocks;
    }

    /** A prompt the caller sees, or {@code null} as for an unknown one. */
    public static CompiledPrompt visible(Paged<CompiledPrompt> prompts, String name, Principal principal,
            Access access) {
        CompiledPrompt prompt = prompts.get(name);
        return prompt != null && access.sees(principal, McpAccessPolicy.Kind.PROMPT, name) ? prompt : null;
    }

    /** The listed prompt a {@code prompts/get} names; {@code -32602} with {@code data.name} otherwise. */
    public CompiledPrompt named(Paged<CompiledPrompt> prompts, ObjectNode params, Principal principal, Access access) {
        JsonNode name = params == null ? null : params.get("name");
        if (name == null || !name.isString()) {
            throw McpError.invalidParams("Invalid params: name must be a string");
        }
        CompiledPrompt prompt = visible(prompts, name.stringValue(), principal, access);
        if (prompt == null) {
            throw new McpError(McpError.INVALID_PARAMS, "Unknown prompt", codec.object().put("name", name.stringValue()));
        }
        access.requireScopes(principal, prompt.spec().scopes());
        return prompt;
    }

    /** The arguments, validated against the prompt's derived schema; {@code -32602} naming what is wrong. */
    public Map<String, String> arguments(CompiledPrompt prompt, ObjectNode params) {
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

    public ObjectNode render(CompiledPrompt prompt, Map<String, String> arguments, HostContext context) {
        PromptResult result;
        try {
            result = prompt.handler().render(arguments, context);
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
}
