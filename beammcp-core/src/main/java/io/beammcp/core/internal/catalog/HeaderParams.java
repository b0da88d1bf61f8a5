package io.beammcp.core.internal.catalog;

import io.beammcp.core.internal.protocol.HeaderRules;
import io.beammcp.core.spi.Exchange;
import tools.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The {@code Mcp-Param-*} headers a tool's input schema demands through {@code x-mcp-header} (2026-07-28,
 * HTTP only). The set is derived from the schema once, at startup; the headers a request sends never add
 * to it.
 */
public final class HeaderParams {

    private static final String KEYWORD = "x-mcp-header";
    private static final Pattern TOKEN = Pattern.compile("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$");
    private static final Pattern INTEGER = Pattern.compile("^-?[0-9]+$");
    private static final Set<String> TYPES = Set.of("string", "integer", "boolean");

    private final List<Param> params;

    private HeaderParams(List<Param> params) {
        this.params = List.copyOf(params);
    }

    public static final HeaderParams NONE = new HeaderParams(List.of());

    /**
     * Finds the marked properties, refusing marks the specification forbids: not a token, repeated
     * (case-insensitively), on a type other than string/integer/boolean, or not reachable from the root
     * through {@code properties} alone.
     */
    public static HeaderParams of(JsonNode schema) {
        List<Param> found = new ArrayList<>();
        collect(schema, new ArrayList<>(), found);
        if (found.size() != countMarks(schema)) {
            throw new IllegalArgumentException("input schema uses " + KEYWORD
                    + " outside properties reachable from the root through properties alone");
        }
        Set<String> seen = new HashSet<>();
        for (Param p : found) {
            if (!seen.add(p.header.toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException("input schema repeats " + KEYWORD + " \"" + p.header + "\"");
            }
        }
        return found.isEmpty() ? NONE : new HeaderParams(found);
    }

    private static void collect(JsonNode schema, List<String> path, List<Param> found) {
        JsonNode properties = schema.path("properties");
        if (!properties.isObject()) {
            return;
        }
        for (Map.Entry<String, JsonNode> e : properties.properties()) {
            JsonNode property = e.getValue();
            List<String> at = new ArrayList<>(path);
            at.add(e.getKey());
            JsonNode mark = property.get(KEYWORD);
            if (mark != null) {
                String type = property.path("type").asString("");
                if (!mark.isString() || !TOKEN.matcher(mark.stringValue()).matches()) {
                    throw new IllegalArgumentException("input schema has an " + KEYWORD + " on '" + String.join(".", at)
                            + "' that is not a non-empty header token");
                }
                if (!TYPES.contains(type)) {
                    throw new IllegalArgumentException("input schema has an " + KEYWORD + " on '" + String.join(".", at)
                            + "', whose type must be string, integer or boolean");
                }
                found.add(new Param(mark.stringValue(), List.copyOf(at), type));
            }
            collect(property, at, found);
        }
    }

    private static int countMarks(JsonNode node) {
        int count = 0;
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (KEYWORD.equals(e.getKey())) {
                    count++;
                }
                count += countMarks(e.getValue());
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                count += countMarks(item);
            }
        }
        return count;
    }

    /**
     * Checks the headers against the arguments: a present, non-null argument needs its header, every
     * value of it equal after decoding (strings exactly, integers numerically, booleans as
     * {@code true}/{@code false}); an absent or null argument expects nothing, and a header sent anyway is
     * tolerated. An argument of another type than declared is left to schema validation.
     */
    public void check(Exchange exchange, JsonNode arguments) {
        for (Param p : params) {
            JsonNode value = arguments;
            for (String key : p.path) {
                value = value == null ? null : value.get(key);
            }
            if (value == null || value.isNull()) {
                continue;
            }
            List<String> headers = exchange.headers("Mcp-Param-" + p.header);
            if (headers.isEmpty()) {
                throw HeaderRules.mismatch("Header mismatch: the Mcp-Param-" + p.header + " header is required");
            }
            for (String header : headers) {
                if (!p.matches(HeaderRules.decode(header), value)) {
                    throw HeaderRules.mismatch("Header mismatch: Mcp-Param-" + p.header + " does not match the arguments");
                }
            }
        }
    }

    private record Param(String header, List<String> path, String type) {

        boolean matches(String header, JsonNode value) {
            switch (type) {
                case "string":
                    return !value.isString() || header.equals(value.stringValue());
                case "integer":
                    // 42.0 and 4.2e1 are integers to JSON Schema too, so they are compared, by value
                    if (!value.isNumber()) {
                        return true;
                    }
                    return INTEGER.matcher(header).matches()
                            && new BigDecimal(header).compareTo(value.decimalValue()) == 0;
                default:
                    return !value.isBoolean() || header.equals(Boolean.toString(value.booleanValue()));
            }
        }
    }
}
