package io.beammcp.core.internal.prompts;

import io.beammcp.core.internal.access.Access;
import io.beammcp.core.internal.access.Callers;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.call.Outcome;
import io.beammcp.core.internal.call.Request;
import io.beammcp.core.internal.input.Inputs;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.CacheHints;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.Map;
import java.util.function.Supplier;

/** {@code prompts/list} and {@code prompts/get}. */
public final class PromptsHandler {

    private final Supplier<Prompts> prompts;
    private final Inputs inputs;
    private final JsonCodec codec;
    private final int pageSize;
    private final CacheHints cache;
    private final Access access;

    public PromptsHandler(Supplier<Prompts> prompts, Inputs inputs, JsonCodec codec, int pageSize, CacheHints cache,
            Access access) {
        this.access = access;
        this.prompts = prompts;
        this.inputs = inputs;
        this.codec = codec;
        this.pageSize = pageSize;
        this.cache = cache;
    }

    public Outcome list(Request request) {
        ObjectNode result = codec.object();
        prompts.get().list(request.params(), pageSize, result, request.context().principal(), access);
        return Outcome.result(result, access.listHints(cache));
    }

    public Outcome get(Request request) {
        Prompts current = prompts.get();
        ObjectNode params = request.params();
        Prompts.Prompt prompt = current.named(params, request.context().principal(), access);
        Map<String, String> arguments = current.arguments(prompt, params);
        JsonNode sent = params == null ? null : params.get("arguments");
        HostContext context = request.context();
        context.withInput(inputs.open(request.era(), request.message(), prompt.spec().name(), sent,
                Callers.of(request.exchange())),
                inputs.timeout());
        return Outcome.work(() -> current.render(prompt, arguments, context), null);
    }
}
