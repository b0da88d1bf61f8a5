package io.beammcp.core.internal.catalog;

import io.beammcp.core.ResourceBinding;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.internal.json.JsonCodec;
import tools.jackson.databind.node.ObjectNode;

import java.net.URI;
import java.net.URISyntaxException;

import static io.beammcp.core.internal.catalog.Fields.putIfPresent;

/**
 * A listed resource as the server serves it: its spec, the JSON {@code resources/list} advertises, and the
 * code that reads it.
 *
 * @param spec the host's spec
 * @param advertised the resource object sent by {@code resources/list}
 * @param handler what reads it
 */
public record CompiledResource(ResourceSpec spec, ObjectNode advertised, ResourceBinding.Handler handler) {

    static CompiledResource compile(ResourceBinding binding, JsonCodec codec) {
        ResourceSpec spec = binding.spec();
        String uri = spec.uri();
        if (uri == null || !isAbsoluteUri(uri)) {
            throw new IllegalArgumentException("Resource uri '" + uri + "' must be an absolute URI");
        }
        requireName(spec.name(), "Resource '" + uri + "'");
        ObjectNode json = codec.object();
        json.put("uri", uri);
        Fields.putDescribed(json, spec.name(), spec.title(), spec.description(), spec.mimeType());
        if (spec.size() != null) {
            json.put("size", spec.size());
        }
        Fields.putAnnotations(json, spec.annotations());
        Fields.putIcons(json, spec.icons(), "Resource '" + uri + "'");
        return new CompiledResource(spec, json, binding.handler());
    }

    static void requireName(String name, String owner) {
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
