package io.beammcp.core.internal.annotated;

import io.beammcp.core.InvalidCatalogException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The text of an argument's default as the JSON value it stands for. */
final class Defaults {

    private Defaults() {
    }

    /** The text itself for a string, character or enum; JSON text for anything else. */
    static JsonNode parse(String text, Class<?> type, JsonMapper mapper) {
        if (CharSequence.class.isAssignableFrom(type) || type == char.class || type == Character.class || type.isEnum()) {
            return mapper.getNodeFactory().stringNode(text);
        }
        try {
            return mapper.readTree(text);
        } catch (JacksonException e) {
            throw new InvalidCatalogException("the default \"" + text + "\" of a " + type.getSimpleName()
                    + " argument is not JSON text (a string default is written as it is only for string arguments)");
        }
    }
}
