package io.beammcp.core.internal.catalog;

import io.beammcp.core.CallContext;
import io.beammcp.core.InvalidParamsException;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceTemplateBinding;
import io.beammcp.core.ResourceTemplateSpec;
import io.beammcp.core.internal.json.JsonCodec;
import tools.jackson.databind.node.ObjectNode;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import static io.beammcp.core.internal.catalog.Fields.putIfPresent;

/**
 * A resource template as the server serves it: its spec, the compiled matcher, the JSON
 * {@code resources/templates/list} advertises, and the code that reads a matching URI.
 *
 * @param spec the host's spec
 * @param template the compiled matcher
 * @param advertised the template object sent by {@code resources/templates/list}
 * @param handler what reads a matching URI
 */
public record CompiledTemplate(ResourceTemplateSpec spec, UriTemplate template, ObjectNode advertised,
        ResourceTemplateBinding.Handler handler) {

    /** Reads a URI this template matched, with its variables percent-decoded. */
    public ReadResult read(String uri, Map<String, String> values, CallContext context) throws Exception {
        return handler.read(uri, decoded(values), context);
    }

    private static Map<String, String> decoded(Map<String, String> values) {
        Map<String, String> decoded = new LinkedHashMap<>();
        values.forEach((name, value) -> {
            try {
                // percent-decoding only: a '+' in a URI is a plus sign, not a space
                decoded.put(name, URLDecoder.decode(value.replace("+", "%2B"), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw InvalidParamsException.notFound("The URI's '" + name + "' is not well percent-encoded");
            }
        });
        return Collections.unmodifiableMap(decoded);
    }

    static CompiledTemplate compile(ResourceTemplateBinding binding, JsonCodec codec) {
        ResourceTemplateSpec spec = binding.spec();
        String uriTemplate = spec.uriTemplate();
        if (uriTemplate == null || uriTemplate.isEmpty()) {
            throw new IllegalArgumentException("A resource template has no uriTemplate");
        }
        UriTemplate compiled = matcher(uriTemplate);
        CompiledResource.requireName(spec.name(), "Resource template '" + uriTemplate + "'");
        ObjectNode json = codec.object();
        json.put("uriTemplate", uriTemplate);
        Fields.putDescribed(json, spec.name(), spec.title(), spec.description(), spec.mimeType());
        Fields.putAnnotations(json, spec.annotations());
        Fields.putIcons(json, spec.icons(), "Resource template '" + uriTemplate + "'");
        return new CompiledTemplate(spec, compiled, json, binding.handler());
    }

    static UriTemplate matcher(String uriTemplate) {
        try {
            return UriTemplate.compile(uriTemplate);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Resource template '" + uriTemplate + "' " + e.getMessage());
        }
    }
}
