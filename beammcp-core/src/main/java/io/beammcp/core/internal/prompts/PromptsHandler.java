package io.beammcp.core.internal.prompts;

import io.beammcp.core.internal.access.Access;
import io.beammcp.core.internal.access.Callers;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.call.Outcome;
import io.beammcp.core.internal.call.Request;
import io.beammcp.core.internal.catalog.CatalogIndex;
import io.beammcp.core.internal.catalog.CompiledPrompt;
import io.beammcp.core.internal.input.Inputs;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.CacheHints;
import io.beammcp.core.spi.McpAccessPolicy;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.security.Principal;
import java.util.Map;
import java.util.function.Supplier;

/** {@code prompts/list} and {@code prompts/get}. */
public final class PromptsHandler {

    private final Supplier<CatalogIndex> catalog;
    private final Prompts prompts;
    private final Inputs inputs;
    private final JsonCodec codec;
    private final int pageSize;
    private final CacheHints cache;
    private final Access access;

    public PromptsHandler(Supplier<CatalogIndex> catalog, Prompts prompts, Inputs inputs, JsonCodec codec,
            int pageSize, CacheHints cache, Access access) {
        this.access = access;
        this.catalog = catalog;
        this.prompts = prompts;
        this.inputs = inputs;
        this.codec = codec;
        this.pageSize = pageSize;
        this.cache = cache;
    }

    public Outcome list(Request request) {
        ObjectNode result = codec.object();
        Principal principal = request.context().principal();
        catalog.get().prompts().page(request.params(), pageSize, result,
                prompt -> access.sees(principal, McpAccessPolicy.Kind.PROMPT, prompt.spec().name()));
        return Outcome.result(result, access.listHints(cache));
    }

    public Outcome get(Request request) {
        ObjectNode params = request.params();
        CompiledPrompt prompt = prompts.named(catalog.get().prompts(), params, request.context().principal(), access);
        Map<String, String> arguments = prompts.arguments(prompt, params);
        JsonNode sent = params == null ? null : params.get("arguments");
        HostContext context = request.context();
        context.bindInput(inputs.open(request.era(), request.message(), prompt.spec().name(), sent,
                Callers.of(request.exchange())),
                inputs.timeout());
        return Outcome.work(() -> prompts.render(prompt, arguments, context), null);
    }
}
