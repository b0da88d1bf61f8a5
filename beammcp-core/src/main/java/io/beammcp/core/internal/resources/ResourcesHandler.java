package io.beammcp.core.internal.resources;

import io.beammcp.core.internal.access.Access;
import io.beammcp.core.internal.access.Callers;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.call.Outcome;
import io.beammcp.core.internal.call.Request;
import io.beammcp.core.internal.catalog.CatalogIndex;
import io.beammcp.core.internal.input.Inputs;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.CacheHints;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.internal.session.Session;
import io.beammcp.core.spi.McpAccessPolicy;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.security.Principal;
import java.util.function.Supplier;

/** {@code resources/list}, {@code resources/templates/list}, {@code resources/read}, and the legacy subscriptions. */
public final class ResourcesHandler {

    private final Supplier<CatalogIndex> catalog;
    private final Resources resources;
    private final Inputs inputs;
    private final JsonCodec codec;
    private final int pageSize;
    private final CacheHints cache;
    private final Access access;

    public ResourcesHandler(Supplier<CatalogIndex> catalog, Resources resources, Inputs inputs, JsonCodec codec,
            int pageSize, CacheHints cache, Access access) {
        this.access = access;
        this.catalog = catalog;
        this.resources = resources;
        this.inputs = inputs;
        this.codec = codec;
        this.pageSize = pageSize;
        this.cache = cache;
    }

    public Outcome list(Request request) {
        ObjectNode result = codec.object();
        Principal principal = request.context().principal();
        catalog.get().resources().resources().page(request.params(), pageSize, result,
                resource -> access.sees(principal, McpAccessPolicy.Kind.RESOURCE, resource.spec().uri()));
        return Outcome.result(result, access.listHints(cache));
    }

    public Outcome templates(Request request) {
        ObjectNode result = codec.object();
        Principal principal = request.context().principal();
        catalog.get().resources().templates().page(request.params(), pageSize, result,
                t -> access.sees(principal, McpAccessPolicy.Kind.RESOURCE_TEMPLATE, t.spec().uriTemplate()));
        return Outcome.result(result, access.listHints(cache));
    }

    public Outcome read(Request request) {
        boolean modern = request.modern();
        HostContext context = request.context();
        Resources.Target target = resources.readable(catalog.get().resources(), request.params(), modern,
                context.principal(), access);
        context.bindInput(inputs.open(request.era(), request.message(), target.uri(), null,
                Callers.of(request.exchange())), inputs.timeout());
        return Outcome.work(() -> resources.read(target, context, modern), cache);
    }

    /** {@code resources/subscribe} (2025-11-25): a readable URI (else {@code -32002}); the result is {@code {}}. */
    public Outcome subscribe(Request request) {
        String uri = resources.readable(catalog.get().resources(), request.params(), false,
                request.context().principal(), access).uri();
        if (!request.context().session().subscribe(uri)) {
            throw McpError.invalidParams("Invalid params: a session holds at most " + Session.MAX_SUBSCRIPTIONS
                    + " subscriptions");
        }
        return Outcome.result(codec.object());
    }

    /** {@code resources/unsubscribe} (2025-11-25): the result is exactly {@code {}}. */
    public Outcome unsubscribe(Request request) {
        ObjectNode params = request.params();
        JsonNode uri = params == null ? null : params.get("uri");
        if (uri == null || !uri.isString()) {
            throw McpError.invalidParams("Invalid params: uri must be a string");
        }
        request.context().session().unsubscribe(uri.stringValue());
        return Outcome.result(codec.object());
    }
}
