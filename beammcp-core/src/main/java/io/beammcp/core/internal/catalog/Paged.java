package io.beammcp.core.internal.catalog;

import io.beammcp.core.internal.protocol.McpError;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.Arrays;
import java.util.Map;
import java.util.SortedMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One advertised list, compiled once: items sorted by their key for keyset paging and indexed by key for
 * lookups. Every list ({@code tools}, {@code resources}, {@code resourceTemplates}, {@code prompts}) pages
 * the same way.
 */
public final class Paged<T> {

    private final String list;
    private final String[] keys;
    private final Object[] items;
    private final Map<String, T> byKey;
    private final Function<T, JsonNode> advertised;

    public Paged(String list, Map<String, T> byKey, Function<T, JsonNode> advertised) {
        this.list = list;
        this.byKey = Map.copyOf(byKey);
        this.keys = byKey.keySet().stream().sorted().toArray(String[]::new);
        this.items = Arrays.stream(keys).map(byKey::get).toArray();
        this.advertised = advertised;
    }

    public T get(String key) {
        return byKey.get(key);
    }

    @SuppressWarnings("unchecked")
    public Iterable<T> all() {
        return () -> Arrays.stream(items).map(item -> (T) item).iterator();
    }

    /**
     * A page of the list into {@code result}: the items whose keys come strictly after the cursor's, and a
     * {@code nextCursor} only when more follow. The cursor param must be absent or a cursor of this list.
     */
    public void page(ObjectNode params, int pageSize, ObjectNode result) {
        page(params, pageSize, result, item -> true);
    }

    /**
     * A page of a list kept as a sorted map (an extension's), into {@code result}, as {@link #page} pages a
     * compiled one: the visible items whose keys come strictly after the cursor's, each whole.
     */
    public static void page(String list, SortedMap<String, ? extends JsonNode> items, ObjectNode params,
            int pageSize, ObjectNode result, Predicate<String> visible) {
        SortedMap<String, ? extends JsonNode> after = items;
        String from = from(list, params);
        if (from != null) {
            // the keys strictly after the cursor's: a tail map holds the key itself when it is still there
            after = items.tailMap(from + "\0");
        }
        ArrayNode array = result.putArray(list);
        String last = null;
        for (Map.Entry<String, ? extends JsonNode> item : after.entrySet()) {
            if (!visible.test(item.getKey())) {
                continue;
            }
            if (array.size() == pageSize) {
                result.put("nextCursor", Cursor.encode(list, last));
                return;
            }
            array.add(item.getValue());
            last = item.getKey();
        }
    }

    /** The last key the request's cursor names, or {@code null} without a cursor. */
    private static String from(String list, ObjectNode params) {
        JsonNode cursor = params == null ? null : params.get("cursor");
        if (cursor == null) {
            return null;
        }
        if (!cursor.isString()) {
            throw McpError.invalidParams("Invalid params: cursor must be a string");
        }
        return Cursor.decode(list, cursor.stringValue());
    }

    /**
     * A page of the items the caller sees: hidden items are skipped as if absent, and a {@code nextCursor} is
     * sent only when a visible item follows.
     */
    @SuppressWarnings("unchecked")
    public void page(ObjectNode params, int pageSize, ObjectNode result, Predicate<T> visible) {
        int from = 0;
        String after = from(list, params);
        if (after != null) {
            int at = Arrays.binarySearch(keys, after);
            from = at >= 0 ? at + 1 : -at - 1;
        }
        ArrayNode array = result.putArray(list);
        int i = from;
        String last = null;
        for (; i < keys.length && array.size() < pageSize; i++) {
            if (visible.test((T) items[i])) {
                array.add(advertised.apply((T) items[i]));
                last = keys[i];
            }
        }
        for (; i < keys.length; i++) {
            if (visible.test((T) items[i])) {
                result.put("nextCursor", Cursor.encode(list, last));
                return;
            }
        }
    }
}
