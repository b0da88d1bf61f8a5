package io.beammcp.core.server;

/** The 2026-07-28 results that carry caching hints ({@code ttlMs}, {@code cacheScope}). */
public enum CachedResult {

    /** {@code tools/list}. */
    TOOLS,

    /** {@code resources/list}, {@code resources/templates/list} and {@code resources/read}. */
    RESOURCES,

    /** {@code prompts/list}. */
    PROMPTS,

    /** {@code server/discover}. */
    DISCOVER
}
