package io.beammcp.core.internal.engine;

import io.beammcp.core.internal.call.Handler;
import io.beammcp.core.internal.protocol.McpMethod;

import java.util.HashMap;
import java.util.Map;

/**
 * The methods each revision serves, built once from the capabilities and extensions that are on: a method of
 * a feature the host does not offer, or of an extension not served in that revision, is absent, so it is
 * unknown ({@code -32601}) like any other.
 */
final class MethodTable {

    /**
     * A served method: its handler, and the member of {@code params} that {@code Mcp-Name} mirrors.
     *
     * @param handler what serves it
     * @param mirroredParam the mirrored member, or {@code null} for none
     */
    record Route(Handler handler, String mirroredParam) {
    }

    private final Map<String, Route> modern;
    private final Map<String, Route> legacy;

    private MethodTable(Map<String, Route> modern, Map<String, Route> legacy) {
        this.modern = modern;
        this.legacy = legacy;
    }

    /** The route of a 2026-07-28 method, or {@code null} when it is not served. */
    Route modern(String method) {
        return method == null ? null : modern.get(method);
    }

    /** The route of a 2025-11-25 method, or {@code null} when it is not served. */
    Route legacy(String method) {
        return method == null ? null : legacy.get(method);
    }

    /** Collects the table: the server's own methods of both revisions or one, then those of extensions. */
    static final class Builder {

        private final Map<String, Route> modern = new HashMap<>();
        private final Map<String, Route> legacy = new HashMap<>();

        Builder both(McpMethod method, Handler handler) {
            return modern(method, handler).legacy(method, handler);
        }

        Builder modern(McpMethod method, Handler handler) {
            modern.put(method.id(), new Route(handler, method.mirroredParam()));
            return this;
        }

        Builder legacy(McpMethod method, Handler handler) {
            legacy.put(method.id(), new Route(handler, method.mirroredParam()));
            return this;
        }

        /** An extension's method in one revision's table. */
        Builder extension(boolean modernTable, String method, Route route) {
            (modernTable ? modern : legacy).put(method, route);
            return this;
        }

        MethodTable build() {
            return new MethodTable(Map.copyOf(modern), Map.copyOf(legacy));
        }
    }
}
