package io.beammcp.core.extension;

import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * A method an extension adds. Its handler runs as host work does (on the transport's executor, answered once,
 * within the result cap) and returns the result's own members: the server adds {@code resultType}, the cache
 * hints and {@code _meta} where the revision has them. It refuses a request by throwing
 * {@link io.beammcp.core.InvalidParamsException} ({@code -32602}) or
 * {@link io.beammcp.core.MissingClientCapabilityException} ({@code -32021}); any other exception is
 * {@code -32603}, logged.
 *
 * @param name the method as sent, such as {@code skills/list}
 * @param mirroredParam the member of {@code params} the {@code Mcp-Name} header mirrors (2026-07-28 over HTTP),
 *        or {@code null} for none
 * @param cacheTtl how long a 2026-07-28 client may reuse a result ({@code ttlMs}), or {@code null} for results
 *        without cache hints
 * @param cacheScope {@code "public"} or {@code "private"} ({@code cacheScope}; always {@code "private"} when
 *        the access policy decides visibility), or {@code null} without cache hints
 * @param handler what answers a request
 */
public record ExtensionMethod(String name, String mirroredParam, Duration cacheTtl, String cacheScope,
        Function<ExtensionRequest, ObjectNode> handler) {

    /** Checks the name, the handler and the cache hints. */
    public ExtensionMethod {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(handler, "handler");
        if ((cacheTtl == null) != (cacheScope == null)) {
            throw new IllegalArgumentException("A cache TTL and a cache scope go together: " + name);
        }
        if (cacheTtl != null && cacheTtl.isNegative()) {
            throw new IllegalArgumentException("A cache TTL must not be negative: " + name);
        }
        if (cacheScope != null && !"public".equals(cacheScope) && !"private".equals(cacheScope)) {
            throw new IllegalArgumentException("A cache scope is \"public\" or \"private\": " + name);
        }
    }

    /**
     * A method without mirrored param or cache hints.
     *
     * @param name the method as sent
     * @param handler what answers a request
     * @return the method
     */
    public static ExtensionMethod of(String name, Function<ExtensionRequest, ObjectNode> handler) {
        return new ExtensionMethod(name, null, null, null, handler);
    }

    /**
     * This method with the member of {@code params} that {@code Mcp-Name} mirrors.
     *
     * @param param the member, such as {@code taskId}
     * @return the method
     */
    public ExtensionMethod mirroring(String param) {
        return new ExtensionMethod(name, Objects.requireNonNull(param, "param"), cacheTtl, cacheScope, handler);
    }

    /**
     * This method with cache hints on its 2026-07-28 results.
     *
     * @param ttl how long a client may reuse a result
     * @param scope {@code "public"} or {@code "private"}
     * @return the method
     */
    public ExtensionMethod cached(Duration ttl, String scope) {
        return new ExtensionMethod(name, mirroredParam, Objects.requireNonNull(ttl, "ttl"),
                Objects.requireNonNull(scope, "scope"), handler);
    }
}
