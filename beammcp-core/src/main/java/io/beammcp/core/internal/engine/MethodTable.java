package io.beammcp.core.internal.engine;

import io.beammcp.core.internal.call.Handler;
import io.beammcp.core.internal.protocol.McpMethod;

import java.util.EnumMap;
import java.util.Map;

/**
 * The methods each revision serves, built once from the capabilities that are on: a method of a feature
 * the host does not offer is absent, so it is unknown ({@code -32601}) like any other.
 */
final class MethodTable {

    private final Map<McpMethod, Handler> modern;
    private final Map<McpMethod, Handler> legacy;

    private MethodTable(Map<McpMethod, Handler> modern, Map<McpMethod, Handler> legacy) {
        this.modern = modern;
        this.legacy = legacy;
    }

    /** The handler of a 2026-07-28 method, or {@code null} when it is not served. */
    Handler modern(McpMethod method) {
        return method == null ? null : modern.get(method);
    }

    /** The handler of a 2025-11-25 method, or {@code null} when it is not served. */
    Handler legacy(McpMethod method) {
        return method == null ? null : legacy.get(method);
    }

    /** Collects the table: methods of both revisions, then those of one. */
    static final class Builder {

        private final EnumMap<McpMethod, Handler> modern = new EnumMap<>(McpMethod.class);
        private final EnumMap<McpMethod, Handler> legacy = new EnumMap<>(McpMethod.class);

        Builder both(McpMethod method, Handler handler) {
            modern.put(method, handler);
            legacy.put(method, handler);
            return this;
        }

        Builder modern(McpMethod method, Handler handler) {
            modern.put(method, handler);
            return this;
        }

        Builder legacy(McpMethod method, Handler handler) {
            legacy.put(method, handler);
            return this;
        }

        MethodTable build() {
            return new MethodTable(new EnumMap<>(modern), new EnumMap<>(legacy));
        }
    }
}
