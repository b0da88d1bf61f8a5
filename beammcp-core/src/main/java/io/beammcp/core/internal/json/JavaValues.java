package io.beammcp.core.internal.json;

import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns validated JSON into the immutable Java values host code receives, keeping every value as sent:
 * booleans stay booleans, {@code null} stays {@code null}, numbers keep their exact type and digits.
 */
public final class JavaValues {

    private JavaValues() {
    }

    public static Object of(JsonNode node) {
        return switch (node.getNodeType()) {
            case OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>((int) (node.size() / 0.75f) + 1);
                for (Map.Entry<String, JsonNode> e : node.properties()) {
                    map.put(e.getKey(), of(e.getValue()));
                }
                yield Collections.unmodifiableMap(map);
            }
            case ARRAY -> {
                List<Object> list = new ArrayList<>(node.size());
                for (JsonNode item : node) {
                    list.add(of(item));
                }
                yield Collections.unmodifiableList(list);
            }
            case STRING -> node.stringValue();
            case NUMBER -> node.numberValue();
            case BOOLEAN -> node.booleanValue();
            default -> null;
        };
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> map(JsonNode node) {
        return node == null || !node.isObject() || node.isEmpty() ? Map.of() : (Map<String, Object>) of(node);
    }
}
