package io.beammcp.core.server;

import tools.jackson.databind.JsonNode;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * The members of a JSON object, in insertion order, for the trees the server reads and writes. Most objects
 * of a message hold a handful of members: up to {@value #ARRAY_LIMIT} they are kept in one small array, searched
 * in order (a third of the memory of a {@link LinkedHashMap}); beyond that, in a {@code LinkedHashMap}, so a
 * large object keeps constant-time lookups.
 */
final class MemberMap extends AbstractMap<String, JsonNode> {

    static final int ARRAY_LIMIT = 8;

    private Member[] members;
    private int size;
    private LinkedHashMap<String, JsonNode> large;
    private int modifications;
    private Set<Map.Entry<String, JsonNode>> entries;

    @Override
    public int size() {
        return large != null ? large.size() : size;
    }

    @Override
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public JsonNode get(Object key) {
        if (large != null) {
            return large.get(key);
        }
        int at = indexOf(key);
        return at < 0 ? null : members[at].value;
    }

    @Override
    public boolean containsKey(Object key) {
        return large != null ? large.containsKey(key) : indexOf(key) >= 0;
    }

    @Override
    public JsonNode put(String key, JsonNode value) {
        if (large != null) {
            return large.put(key, value);
        }
        int at = indexOf(key);
        if (at >= 0) {
            return members[at].setValue(value);
        }
        if (size == ARRAY_LIMIT) {
            large = new LinkedHashMap<>(ARRAY_LIMIT * 4);
            for (int i = 0; i < size; i++) {
                large.put(members[i].key, members[i].value);
            }
            members = null;
            size = 0;
            modifications++;
            return large.put(key, value);
        }
        if (members == null) {
            members = new Member[4];
        } else if (size == members.length) {
            members = Arrays.copyOf(members, ARRAY_LIMIT);
        }
        members[size++] = new Member(Objects.requireNonNull(key), value);
        modifications++;
        return null;
    }

    @Override
    public JsonNode remove(Object key) {
        if (large != null) {
            return large.remove(key);
        }
        int at = indexOf(key);
        if (at < 0) {
            return null;
        }
        JsonNode old = members[at].value;
        removeAt(at);
        return old;
    }

    @Override
    public void clear() {
        if (large != null) {
            large.clear();
        } else if (size > 0) {
            Arrays.fill(members, 0, size, null);
            size = 0;
            modifications++;
        }
    }

    @Override
    public Set<Map.Entry<String, JsonNode>> entrySet() {
        if (large != null) {
            return large.entrySet();
        }
        if (entries == null) {
            entries = new Entries();
        }
        return entries;
    }

    private int indexOf(Object key) {
        for (int i = 0; i < size; i++) {
            if (members[i].key.equals(key)) {
                return i;
            }
        }
        return -1;
    }

    private void removeAt(int at) {
        System.arraycopy(members, at + 1, members, at, size - at - 1);
        members[--size] = null;
        modifications++;
    }

    private static final class Member implements Map.Entry<String, JsonNode> {

        private final String key;
        private JsonNode value;

        Member(String key, JsonNode value) {
            this.key = key;
            this.value = value;
        }

        @Override
        public String getKey() {
            return key;
        }

        @Override
        public JsonNode getValue() {
            return value;
        }

        @Override
        public JsonNode setValue(JsonNode value) {
            JsonNode old = this.value;
            this.value = value;
            return old;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Map.Entry<?, ?> e && key.equals(e.getKey()) && Objects.equals(value, e.getValue());
        }

        @Override
        public int hashCode() {
            return key.hashCode() ^ Objects.hashCode(value);
        }

        @Override
        public String toString() {
            return key + "=" + value;
        }
    }

    /** The view over the array; once the members moved to the {@code LinkedHashMap}, its own view is used. */
    private final class Entries extends AbstractSet<Map.Entry<String, JsonNode>> {

        @Override
        public int size() {
            return MemberMap.this.size();
        }

        @Override
        public Iterator<Map.Entry<String, JsonNode>> iterator() {
            if (large != null) {
                return large.entrySet().iterator();
            }
            return new Iterator<>() {
                private int next;
                private int last = -1;
                private int expected = modifications;

                @Override
                public boolean hasNext() {
                    return next < size;
                }

                @Override
                public Map.Entry<String, JsonNode> next() {
                    if (expected != modifications) {
                        throw new ConcurrentModificationException();
                    }
                    if (next >= size) {
                        throw new NoSuchElementException();
                    }
                    last = next++;
                    return members[last];
                }

                @Override
                public void remove() {
                    if (last < 0) {
                        throw new IllegalStateException();
                    }
                    if (expected != modifications) {
                        throw new ConcurrentModificationException();
                    }
                    removeAt(last);
                    next = last;
                    last = -1;
                    expected = modifications;
                }
            };
        }
    }
}
