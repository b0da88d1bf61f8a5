package io.beammcp.core.internal.protocol;

import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.util.Objects;

/** {@code ttlMs} and {@code cacheScope} of one kind of 2026-07-28 result. */
public record CacheHints(long ttlMs, String scope) {

    /** No reuse, for this caller only: the default of every list. */
    public static final CacheHints NONE = new CacheHints(0, "private");

    public CacheHints {
        if (ttlMs < 0) {
            throw new IllegalArgumentException("A cache TTL must not be negative, was " + ttlMs + " ms");
        }
        if (!"public".equals(scope) && !"private".equals(scope)) {
            throw new IllegalArgumentException("A cache scope must be \"public\" or \"private\", was \"" + scope + "\"");
        }
    }

    public static CacheHints of(Duration ttl, String scope) {
        Objects.requireNonNull(ttl, "ttl");
        return new CacheHints(ttl.toMillis(), scope);
    }

    void putOn(ObjectNode result) {
        result.put("ttlMs", ttlMs);
        result.put("cacheScope", scope);
    }
}
