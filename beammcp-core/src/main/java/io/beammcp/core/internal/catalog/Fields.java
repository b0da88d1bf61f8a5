package io.beammcp.core.internal.catalog;

import io.beammcp.core.Annotations;
import io.beammcp.core.Icon;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;

/** JSON for the optional fields every advertised item shares; absent values are left out, never null. */
public final class Fields {

    private Fields() {
    }

    public static void putIfPresent(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }

    public static void putIfPresent(ObjectNode node, String field, Boolean value) {
        if (value != null) {
            node.put(field, value);
        }
    }

    /** The members a listed resource and a template share, after its key: name, title, description, MIME type. */
    static void putDescribed(ObjectNode node, String name, String title, String description, String mimeType) {
        node.put("name", name);
        putIfPresent(node, "title", title);
        putIfPresent(node, "description", description);
        putIfPresent(node, "mimeType", mimeType);
    }

    public static void putIcons(ObjectNode node, List<Icon> icons, String owner) {
        if (icons == null) {
            return;
        }
        ArrayNode array = node.putArray("icons");
        for (Icon icon : icons) {
            if (icon == null || icon.src() == null) {
                throw new IllegalArgumentException(owner + ": an icon has no src");
            }
            ObjectNode i = array.addObject();
            i.put("src", icon.src());
            putIfPresent(i, "mimeType", icon.mimeType());
            if (icon.sizes() != null) {
                ArrayNode sizes = i.putArray("sizes");
                icon.sizes().forEach(sizes::add);
            }
            putIfPresent(i, "theme", icon.theme());
        }
    }

    public static void putAnnotations(ObjectNode node, Annotations annotations) {
        if (annotations == null) {
            return;
        }
        ObjectNode a = node.putObject("annotations");
        if (annotations.audience() != null) {
            ArrayNode audience = a.putArray("audience");
            annotations.audience().forEach(audience::add);
        }
        if (annotations.priority() != null) {
            a.put("priority", annotations.priority());
        }
        putIfPresent(a, "lastModified", annotations.lastModified());
    }
}
