package io.beammcp.core.spi;

import java.security.Principal;

/**
 * Decides, per caller, which tools, resources, templates, prompts and skills it sees and which declared scopes it
 * holds.
 *
 * <p>What a caller does not {@linkplain #sees see} is left out of its lists and is unknown to it on
 * {@code tools/call}, {@code resources/read}, {@code prompts/get} and {@code completion/complete}, with exactly
 * the error of a name that does not exist. An entry it sees but whose declared scopes it does not all
 * {@linkplain #grants hold} is listed, and its use is refused naming every scope it needs (over HTTP, 403
 * {@code insufficient_scope}), so a client can step up and retry. A policy that throws denies (logged without
 * its message). Without a policy everything is visible and no declared scope is held.
 */
public interface McpAccessPolicy {

    /** The kinds of entry a policy decides on. */
    enum Kind {

        /** A tool, named by its name. */
        TOOL,

        /** A concrete resource, named by its uri. */
        RESOURCE,

        /** A resource template, named by its uri template (it covers every uri it matches). */
        RESOURCE_TEMPLATE,

        /** A prompt, named by its name. */
        PROMPT,

        /**
         * A skill of the Skills extension, named by the URI of its {@code SKILL.md}; a skill the caller does not
         * see is left out of {@code skills/list}, unknown to {@code skills/get}, and its files to every read.
         */
        SKILL
    }

    /**
     * Whether the caller holds a scope.
     *
     * @param principal the caller, or {@code null} when the transport named none
     * @param scope one scope an entry declares
     * @return {@code true} when the caller may use what needs it
     */
    boolean grants(Principal principal, String scope);

    /**
     * Whether the caller sees an entry at all. Overriding this makes every list caller-dependent: they are
     * then sent with {@code cacheScope: "private"} (2026-07-28) whatever scope is configured.
     *
     * @param principal the caller, or {@code null}
     * @param kind the kind of entry
     * @param name its name (tools, prompts), uri (resources) or uri template (templates)
     * @return {@code true} by default: everything is visible
     */
    default boolean sees(Principal principal, Kind kind, String name) {
        return true;
    }
}
