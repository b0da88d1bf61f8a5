package io.beammcp.core.internal.tools;

import java.util.AbstractMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The declared arguments of a call as host code sees them, converted to Java values when first read: host
 * code that binds them from the tree itself (annotated tools) never pays for the conversion. Immutable; the
 * conversion is pure, so two threads racing to it build equal maps.
 */
final class DeclaredArguments extends AbstractMap<String, Object> {

    private final Supplier<Map<String, Object>> conversion;
    private volatile Map<String, Object> values;

    DeclaredArguments(Supplier<Map<String, Object>> conversion) {
        this.conversion = conversion;
    }

    private Map<String, Object> converted() {
        Map<String, Object> converted = values;
        if (converted == null) {
            converted = conversion.get();
            values = converted;
        }
        return converted;
    }

    @Override
    public Object get(Object key) {
        return converted().get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return converted().containsKey(key);
    }

    @Override
    public int size() {
        return converted().size();
    }

    @Override
    public boolean isEmpty() {
        return converted().isEmpty();
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return converted().entrySet();
    }
}
