package io.beammcp.core.internal.catalog;

import io.beammcp.core.internal.protocol.McpError;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;

/**
 * Keyset cursors: a cursor names its list and the last key sent, so the next page starts strictly after
 * that key and a list that changes between pages never skips a surviving item. Nothing is remembered on
 * the server; a forged cursor can only name a position.
 */
final class Cursor {

    public static final Set<String> LISTS = Set.of("tools", "resources", "resourceTemplates", "prompts", "skills");
    private static final int MAX_CURSOR_CHARS = 4096;

    private Cursor() {
    }

    public static String encode(String list, String lastKey) {
        byte[] raw = (list + ":" + lastKey).getBytes(StandardCharsets.UTF_8);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    }

    /** The last key a cursor of {@code list} names; {@code -32602} for a malformed or foreign cursor. */
    public static String decode(String list, String cursor) {
        if (cursor.isEmpty() || cursor.length() > MAX_CURSOR_CHARS) {
            throw McpError.invalidParams("Invalid cursor");
        }
        String text;
        try {
            byte[] raw = Base64.getUrlDecoder().decode(cursor);
            if (!Base64.getUrlEncoder().withoutPadding().encodeToString(raw).equals(cursor)) {
                throw McpError.invalidParams("Invalid cursor");
            }
            text = new String(raw, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw McpError.invalidParams("Invalid cursor");
        }
        int colon = text.indexOf(':');
        if (colon < 0) {
            throw McpError.invalidParams("Invalid cursor");
        }
        String owner = text.substring(0, colon);
        if (!owner.equals(list)) {
            if (LISTS.contains(owner)) {
                throw McpError.invalidParams("Invalid cursor: it belongs to the " + owner + " list, not "
                        + list);
            }
            throw McpError.invalidParams("Invalid cursor");
        }
        return text.substring(colon + 1);
    }
}
