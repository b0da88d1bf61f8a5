package io.beammcp.core.internal.resources;

import io.beammcp.core.InvalidParamsException;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.internal.access.Access;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.call.HostFaults;
import io.beammcp.core.internal.catalog.Blocks;
import io.beammcp.core.internal.catalog.CompiledResource;
import io.beammcp.core.internal.catalog.CompiledTemplate;
import io.beammcp.core.internal.catalog.ResourceIndex;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.spi.McpAccessPolicy;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.security.Principal;
import java.util.Map;

/**
 * {@code resources/read} against the compiled resources: a URI is read only when the list names it or a listed
 * template matches it, through the entry that showed it to the caller.
 */
public final class Resources {

    /**
     * What a URI is read through: a listed resource, or a template and the values it matched.
     *
     * @param uri the URI as sent
     */
    public record Target(String uri, CompiledResource resource, CompiledTemplate template, Map<String, String> values) {
    }

    private final JsonCodec codec;
    private final Blocks blocks;

    public Resources(JsonCodec codec, Blocks blocks) {
        this.codec = codec;
        this.blocks = blocks;
    }

    /**
     * The uri to read, checked to be listed or matched by a listed template that the caller sees (otherwise not
     * found), then the scopes of that entry.
     */
    public Target readable(ResourceIndex index, ObjectNode params, boolean modern, Principal principal,
            Access access) {
        JsonNode uri = params == null ? null : params.get("uri");
        if (uri == null || !uri.isString()) {
            throw McpError.invalidParams("Invalid params: uri must be a string");
        }
        String value = uri.stringValue();
        Target target = target(index, value, principal, access);
        if (target == null) {
            throw notFound(value, modern);
        }
        access.requireScopes(principal, target.resource() != null ? target.resource().spec().scopes()
                : target.template().spec().scopes());
        return target;
    }

    /** Whether the caller sees a uri: listed, or matched by a listed template, that it sees. */
    public static boolean knows(ResourceIndex index, String uri, Principal principal, Access access) {
        return target(index, uri, principal, access) != null;
    }

    /** The entry through which the caller sees a uri, or {@code null} when none shows it. */
    private static Target target(ResourceIndex index, String uri, Principal principal, Access access) {
        CompiledResource resource = index.resource(uri);
        if (resource != null && access.sees(principal, McpAccessPolicy.Kind.RESOURCE, uri)) {
            return new Target(uri, resource, null, null);
        }
        for (CompiledTemplate template : index.matchOrder()) {
            Map<String, String> values = template.template().values(uri);
            if (values != null
                    && access.sees(principal, McpAccessPolicy.Kind.RESOURCE_TEMPLATE, template.spec().uriTemplate())) {
                return new Target(uri, null, template, values);
            }
        }
        return null;
    }

    /** Reads through the host; a reader's not-found answer is the same error as an unlisted uri. */
    public ObjectNode read(Target target, HostContext context, boolean modern) {
        String uri = target.uri();
        ReadResult result;
        try {
            result = target.resource() != null ? target.resource().handler().read(uri, context)
                    : target.template().read(uri, target.values(), context);
        } catch (InvalidParamsException refusal) {
            throw HostFaults.refused(refusal, modern ? McpError.INVALID_PARAMS : McpError.RESOURCE_NOT_FOUND,
                    codec.object().put("uri", uri));
        } catch (Throwable failure) {
            throw HostFaults.internal("Reading a resource", failure, context);
        }
        if (result instanceof ReadResult.NotFound) {
            throw notFound(uri, modern);
        }
        try {
            if (!(result instanceof ReadResult.Found found) || found.contents().isEmpty()) {
                throw new IllegalStateException("The reader answered neither contents nor not-found");
            }
            ObjectNode out = codec.object();
            ArrayNode contents = out.putArray("contents");
            for (ResourceContents c : found.contents()) {
                contents.add(blocks.contents(c));
            }
            return out;
        } catch (RuntimeException failure) {
            throw HostFaults.internal("Rendering a resource", failure, context);
        }
    }

    /** Not found: {@code -32602} in 2026-07-28, {@code -32002} in 2025-11-25, both naming the uri. */
    private McpError notFound(String uri, boolean modern) {
        ObjectNode data = codec.object().put("uri", uri);
        return new McpError(modern ? McpError.INVALID_PARAMS : McpError.RESOURCE_NOT_FOUND, "Resource not found", data);
    }
}
