package io.beammcp.core.internal.engine;

import io.beammcp.core.CallContext;
import io.beammcp.core.extension.CallBinding;
import io.beammcp.core.extension.ExtensionRequest;
import io.beammcp.core.internal.access.Access;
import io.beammcp.core.internal.access.Callers;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.call.Request;
import io.beammcp.core.internal.catalog.Paged;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.spi.McpAccessPolicy;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.Map;
import java.util.SortedMap;
import java.util.function.Predicate;

/** One request as an extension sees it: the request path's own context, policy and list cursors. */
final class ExtensionCall implements ExtensionRequest {

    private final Request request;
    private final String id;
    private final boolean wrapping;
    private final Access access;
    private final int pageSize;
    private final JsonCodec codec;

    ExtensionCall(Request request, String id, boolean wrapping, Access access, int pageSize, JsonCodec codec) {
        this.request = request;
        this.id = id;
        this.wrapping = wrapping;
        this.access = access;
        this.pageSize = pageSize;
        this.codec = codec;
    }

    /** Whether the client capabilities in force for a request name the extension (SEP-2133: the key's presence). */
    static boolean declared(HostContext context, String id) {
        return context.clientCapabilities().get("extensions") instanceof Map<?, ?> extensions
                && extensions.containsKey(id);
    }

    @Override
    public String method() {
        return request.message().method();
    }

    @Override
    public ObjectNode params() {
        ObjectNode params = request.params();
        return params == null ? codec.object() : params;
    }

    @Override
    public CallContext context() {
        return request.context();
    }

    @Override
    public boolean declared() {
        return declared(request.context(), id);
    }

    @Override
    public String caller() {
        return Callers.of(request.exchange());
    }

    @Override
    public boolean sees(McpAccessPolicy.Kind kind, String name) {
        return access.sees(request.context().principal(), kind, name);
    }

    @Override
    public ObjectNode page(String list, SortedMap<String, ? extends JsonNode> items, Predicate<String> visible) {
        if (items.comparator() != null) {
            throw new IllegalArgumentException("The items of " + list + " must be sorted by their keys' natural order");
        }
        ObjectNode page = codec.object();
        Paged.page(list, items, request.params(), pageSize, page, visible);
        return page;
    }

    @Override
    public void bind(CallBinding binding) {
        if (!wrapping) {
            throw new IllegalStateException("Only a wrapper binds to a call, before its work runs");
        }
        request.context().bind(binding);
    }
}
