package io.beammcp.core.internal.resources;

import io.beammcp.core.InvalidParamsException;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceEntry;
import io.beammcp.core.ResourceReader;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ResourceTemplateSpec;
import io.beammcp.core.internal.access.Access;
import io.beammcp.core.spi.McpAccessPolicy;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.call.HostFaults;
import io.beammcp.core.internal.catalog.Blocks;
import io.beammcp.core.internal.catalog.Catalogs;
import io.beammcp.core.internal.catalog.Paged;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.McpError;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.net.URI;
import java.net.URISyntaxException;
import java.security.Principal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.beammcp.core.internal.catalog.Catalogs.putIfPresent;

/**
 * The catalog's resources and templates, compiled once, and {@code resources/read}: a URI is read only
 * when the list names it or a listed template matches it.
 */
public final class Resources {

    public record Template(ResourceTemplateSpec spec, UriTemplate template, ObjectNode advertised) {
    }

    private final List<ResourceEntry> entries;
    private final Paged<ObjectNode> resources;
    private final Map<String, ResourceSpec> concrete;
    private final Paged<Template> templates;
    private final ResourceReader reader;
    private final JsonCodec codec;
    private final Blocks blocks;

    public Resources(List<ResourceEntry> entries, ResourceReader reader, JsonCodec codec, Blocks blocks) {
        if (entries == null) {
            throw new IllegalArgumentException("Catalog.resources() returned null; return an empty list for no resources");
        }
        if (!entries.isEmpty() && reader == null) {
            throw new IllegalArgumentException("The catalog lists resources but no ResourceReader was given");
        }
        Map<String, ObjectNode> byUri = new HashMap<>();
        Map<String, ResourceSpec> specs = new HashMap<>();
        Map<String, Template> byTemplate = new HashMap<>();
        for (ResourceEntry entry : entries) {
            if (entry instanceof ResourceSpec spec) {
                ObjectNode json = advertise(spec, codec);
                if (byUri.putIfAbsent(spec.uri(), json) != null) {
                    throw new IllegalArgumentException("Resource uri '" + spec.uri() + "' is declared twice");
                }
                specs.put(spec.uri(), spec);
            } else if (entry instanceof ResourceTemplateSpec spec) {
                Template template = advertise(spec, codec);
                if (byTemplate.putIfAbsent(spec.uriTemplate(), template) != null) {
                    throw new IllegalArgumentException("Resource template '" + spec.uriTemplate() + "' is declared twice");
                }
            } else {
                throw new IllegalArgumentException("Catalog.resources() holds a null entry");
            }
        }
        this.entries = List.copyOf(entries);
        this.resources = new Paged<>("resources", byUri, json -> json);
        this.concrete = Map.copyOf(specs);
        this.templates = new Paged<>("resourceTemplates", byTemplate, Template::advertised);
        this.reader = reader;
        this.codec = codec;
        this.blocks = blocks;
    }

    /** The resources and templates as declared. */
    public List<ResourceEntry> entries() {
        return entries;
    }

    public boolean offered() {
        return reader != null;
    }

    public void list(ObjectNode params, int pageSize, ObjectNode result, Principal principal, Access access) {
        resources.page(params, pageSize, result,
                json -> access.sees(principal, McpAccessPolicy.Kind.RESOURCE, json.get("uri").stringValue()));
    }

    public void listTemplates(ObjectNode params, int pageSize, ObjectNode result, Principal principal,
            Access access) {
        templates.page(params, pageSize, result,
                t -> access.sees(principal, McpAccessPolicy.Kind.RESOURCE_TEMPLATE, t.spec().uriTemplate()));
    }

    /** A template the caller sees, or {@code null} as for an unknown one. */
    public Template template(String uriTemplate, Principal principal, Access access) {
        Template template = templates.get(uriTemplate);
        return template != null && access.sees(principal, McpAccessPolicy.Kind.RESOURCE_TEMPLATE, uriTemplate)
                ? template : null;
    }

    public Template template(String uriTemplate) {
        return templates.get(uriTemplate);
    }

    /**
     * The uri to read, checked to be listed or matched by a listed template that the caller sees (otherwise
     * not found), then the scopes of that entry.
     */
    public String readable(ObjectNode params, boolean modern, Principal principal, Access access) {
        JsonNode uri = params == null ? null : params.get("uri");
        if (uri == null || !uri.isString()) {
            throw McpError.invalidParams("Invalid params: uri must be a string");
        }
        String value = uri.stringValue();
        List<String> scopes = scopesToRead(value, principal, access);
        if (scopes == null) {
            throw notFound(value, modern);
        }
        access.requireScopes(principal, scopes);
        return value;
    }

    /** Whether the caller sees a uri: listed, or matched by a listed template, that it sees. */
    public boolean knows(String uri, Principal principal, Access access) {
        return scopesToRead(uri, principal, access) != null;
    }

    /** The scopes of the entry through which the caller sees a uri, or {@code null} when none shows it. */
    private List<String> scopesToRead(String uri, Principal principal, Access access) {
        ResourceSpec spec = concrete.get(uri);
        if (spec != null && access.sees(principal, McpAccessPolicy.Kind.RESOURCE, uri)) {
            return spec.scopes();
        }
        for (Template t : templates.all()) {
            if (t.template().matches(uri)
                    && access.sees(principal, McpAccessPolicy.Kind.RESOURCE_TEMPLATE, t.spec().uriTemplate())) {
                return t.spec().scopes();
            }
        }
        return null;
    }

    /** Whether a uri is listed or matched by a listed template: one that can be read and subscribed to. */
    public boolean knows(String uri) {
        return resources.get(uri) != null || matchesTemplate(uri);
    }

    private boolean matchesTemplate(String uri) {
        for (Template t : templates.all()) {
            if (t.template().matches(uri)) {
                return true;
            }
        }
        return false;
    }

    /** Reads through the host; a reader's not-found answer is the same error as an unlisted uri. */
    public ObjectNode read(String uri, HostContext context, boolean modern) {
        ReadResult result;
        try {
            result = reader.read(uri, context);
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

    private static ObjectNode advertise(ResourceSpec spec, JsonCodec codec) {
        String uri = spec.uri();
        if (uri == null || !isAbsoluteUri(uri)) {
            throw new IllegalArgumentException("Resource uri '" + uri + "' must be an absolute URI");
        }
        requireName(spec.name(), "Resource '" + uri + "'");
        ObjectNode json = codec.object();
        json.put("uri", uri);
        json.put("name", spec.name());
        putIfPresent(json, "title", spec.title());
        putIfPresent(json, "description", spec.description());
        putIfPresent(json, "mimeType", spec.mimeType());
        if (spec.size() != null) {
            json.put("size", spec.size());
        }
        Catalogs.putAnnotations(json, spec.annotations());
        Catalogs.putIcons(json, spec.icons(), "Resource '" + uri + "'");
        return json;
    }

    private static Template advertise(ResourceTemplateSpec spec, JsonCodec codec) {
        String uriTemplate = spec.uriTemplate();
        if (uriTemplate == null || uriTemplate.isEmpty()) {
            throw new IllegalArgumentException("A resource template has no uriTemplate");
        }
        UriTemplate compiled;
        try {
            compiled = UriTemplate.compile(uriTemplate);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Resource template '" + uriTemplate + "' " + e.getMessage());
        }
        requireName(spec.name(), "Resource template '" + uriTemplate + "'");
        ObjectNode json = codec.object();
        json.put("uriTemplate", uriTemplate);
        json.put("name", spec.name());
        putIfPresent(json, "title", spec.title());
        putIfPresent(json, "description", spec.description());
        putIfPresent(json, "mimeType", spec.mimeType());
        Catalogs.putAnnotations(json, spec.annotations());
        Catalogs.putIcons(json, spec.icons(), "Resource template '" + uriTemplate + "'");
        return new Template(spec, compiled, json);
    }

    private static void requireName(String name, String owner) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(owner + " has no name");
        }
    }

    private static boolean isAbsoluteUri(String uri) {
        try {
            return new URI(uri).isAbsolute();
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
