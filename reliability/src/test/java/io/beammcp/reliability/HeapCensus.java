package io.beammcp.reliability;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Counts what an object graph holds: every element of every map, collection and object array reachable
 * from a root through instance and static fields, by the field that holds it. Two censuses taken before and
 * after a burst of hostile traffic show whether anything remembered what the traffic sent. JDK internals
 * are read through their public collection API only; Jackson's symbol tables are counted apart, since
 * Jackson bounds them itself (a table past 6,000 names is dropped, never merged).
 */
final class HeapCensus {

    /** Elements per holder ("DeclaringClass.field"), outside Jackson's symbol tables. */
    final Map<String, Integer> holders = new TreeMap<>();
    int total;
    int symbolTableNames;
    /** Reachable strings holding the marker, outside Jackson's symbol tables. */
    int markedStrings;

    private final String marker;
    private final Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<Class<?>> staticsDone = new HashSet<>();

    private HeapCensus(String marker) {
        this.marker = marker;
    }

    static HeapCensus of(Object root, String marker) {
        HeapCensus census = new HeapCensus(marker);
        census.walk(root);
        return census;
    }

    private record Item(Object value, String holder, boolean symbols) {
    }

    private void walk(Object root) {
        Deque<Item> work = new ArrayDeque<>();
        work.push(new Item(root, "root", false));
        while (!work.isEmpty()) {
            Item item = work.pop();
            Object value = item.value;
            if (value == null || !seen.add(value)) {
                continue;
            }
            Class<?> type = value.getClass();
            boolean symbols = item.symbols || type.getName().startsWith("tools.jackson.core.sym");
            if (value instanceof String s) {
                if (!symbols && s.contains(marker)) {
                    markedStrings++;
                }
                continue;
            }
            if (skipped(type)) {
                continue;
            }
            if (value instanceof Map<?, ?> map) {
                count(item.holder, map.size(), symbols);
                try {
                    for (Map.Entry<?, ?> e : map.entrySet()) {
                        work.push(new Item(e.getKey(), item.holder + "[key]", symbols));
                        work.push(new Item(e.getValue(), item.holder + "[value]", symbols));
                    }
                } catch (RuntimeException concurrentlyChanged) {
                    // counted by size; its contents are what the next census sees
                }
                continue;
            }
            if (value instanceof Collection<?> collection) {
                count(item.holder, collection.size(), symbols);
                try {
                    for (Object element : collection) {
                        work.push(new Item(element, item.holder + "[]", symbols));
                    }
                } catch (RuntimeException concurrentlyChanged) {
                    // as above
                }
                continue;
            }
            if (type.isArray()) {
                if (!type.getComponentType().isPrimitive()) {
                    int length = Array.getLength(value);
                    int used = 0;
                    for (int i = 0; i < length; i++) {
                        Object element = Array.get(value, i);
                        if (element != null) {
                            used++;
                            work.push(new Item(element, item.holder + "[]", symbols));
                        }
                    }
                    count(item.holder, used, symbols);
                }
                continue;
            }
            if (isJdk(type)) {
                continue;
            }
            for (Class<?> c = type; c != null && !isJdk(c); c = c.getSuperclass()) {
                boolean statics = staticsDone.add(c);
                for (Field field : c.getDeclaredFields()) {
                    boolean isStatic = Modifier.isStatic(field.getModifiers());
                    if (field.getType().isPrimitive() || (isStatic && !statics)) {
                        continue;
                    }
                    try {
                        field.setAccessible(true);
                        Object next = field.get(isStatic ? null : value);
                        work.push(new Item(next, c.getSimpleName() + "." + field.getName(), symbols));
                    } catch (RuntimeException | IllegalAccessException e) {
                        // not readable: not ours to census
                    }
                }
            }
        }
    }

    private void count(String holder, int elements, boolean symbols) {
        if (symbols) {
            symbolTableNames += elements;
            return;
        }
        holders.merge(holder, elements, Integer::sum);
        total += elements;
    }

    private static boolean skipped(Class<?> type) {
        String name = type.getName();
        return type == Class.class || ClassLoader.class.isAssignableFrom(type) || Thread.class.isAssignableFrom(type)
                || name.startsWith("java.lang.reflect") || name.startsWith("java.lang.invoke")
                || name.startsWith("ch.qos.logback") || name.startsWith("org.slf4j") || type.isEnum()
                || name.startsWith("jdk.") || name.startsWith("sun.");
    }

    private static boolean isJdk(Class<?> type) {
        String name = type.getName();
        return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.") || name.startsWith("sun.");
    }

    /** Holders whose element count grew from {@code before} to this census. */
    Map<String, Integer> growthSince(HeapCensus before) {
        Map<String, Integer> growth = new TreeMap<>();
        holders.forEach((holder, count) -> {
            int was = before.holders.getOrDefault(holder, 0);
            if (count > was) {
                growth.put(holder, count - was);
            }
        });
        return growth;
    }
}
