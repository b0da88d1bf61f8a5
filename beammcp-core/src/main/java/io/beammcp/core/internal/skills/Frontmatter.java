package io.beammcp.core.internal.skills;

import io.beammcp.core.InvalidCatalogException;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.schema.CoreSchema;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The YAML frontmatter of a {@code SKILL.md} as the JSON object a skill entry carries. Clients compare that
 * object field by field with their own YAML 1.2 parse of the file served, so it is parsed here with the YAML
 * 1.2 core schema ({@code yes}, {@code on} and dates stay strings, {@code 017} is 17, {@code True} and
 * {@code ~} are a boolean and null) from the very text served, and never re-serialized into the file.
 */
final class Frontmatter {

    /** The block clients cut out: {@code ---}, a line break, the YAML, a line break, {@code ---}, an optional BOM first. */
    private static final Pattern BLOCK = Pattern.compile("\\A\\uFEFF?---\\r?\\n([\\s\\S]*?)\\r?\\n---[ \\t]*(?:\\r?\\n|\\z)");
    private static final int MAX_DEPTH = 64;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Frontmatter() {
    }

    /** The frontmatter of a {@code SKILL.md} as JSON; refuses startup, naming {@code location}, when there is none. */
    static ObjectNode parse(String text, String location) {
        Matcher block = BLOCK.matcher(text);
        if (!block.find()) {
            throw new InvalidCatalogException(location + " has no frontmatter: it must begin with a line ---, the YAML"
                    + " (name, description), and a line ---");
        }
        Object yaml;
        try {
            LoadSettings settings = LoadSettings.builder().setSchema(new CoreSchema()).setAllowDuplicateKeys(false)
                    .setAllowRecursiveKeys(false).setLabel(location).build();
            yaml = new Load(settings).loadFromString(block.group(1));
        } catch (YamlEngineException e) {
            throw SkillSources.refusal(location + ": its frontmatter is not valid YAML", e);
        }
        if (!(yaml instanceof Map<?, ?> map)) {
            throw new InvalidCatalogException(location + ": its frontmatter is not a YAML mapping");
        }
        return (ObjectNode) json(map, "frontmatter", location, 0);
    }

    private static JsonNode json(Object value, String field, String location, int depth) {
        if (depth > MAX_DEPTH) {
            throw new InvalidCatalogException(location + ": " + field + " is nested deeper than "
                    + MAX_DEPTH + " levels");
        }
        if (value == null) {
            return NODES.nullNode();
        } else if (value instanceof String s) {
            return NODES.stringNode(s);
        } else if (value instanceof Boolean b) {
            return NODES.booleanNode(b);
        } else if (value instanceof Integer || value instanceof Long) {
            return NODES.numberNode(((Number) value).longValue());
        } else if (value instanceof BigInteger big) {
            return NODES.numberNode(big);
        } else if (value instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) {
                throw new InvalidCatalogException(location + ": " + field
                        + " is .nan or .inf, which JSON cannot carry");
            }
            return NODES.numberNode(d);
        } else if (value instanceof Map<?, ?> map) {
            ObjectNode object = NODES.objectNode();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!(entry.getKey() instanceof String key)) {
                    throw new InvalidCatalogException(location + ": " + field
                            + " has a key that is not a string: " + entry.getKey());
                }
                object.set(key, json(entry.getValue(), field + "." + key, location, depth + 1));
            }
            return object;
        } else if (value instanceof List<?> list) {
            ArrayNode array = NODES.arrayNode();
            for (int i = 0; i < list.size(); i++) {
                array.add(json(list.get(i), field + "[" + i + "]", location, depth + 1));
            }
            return array;
        }
        throw new InvalidCatalogException(location + ": " + field + " is a YAML "
                + value.getClass().getSimpleName() + ", which JSON cannot carry as written");
    }
}
