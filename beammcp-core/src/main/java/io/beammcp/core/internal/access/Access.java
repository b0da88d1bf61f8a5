package io.beammcp.core.internal.access;

import io.beammcp.core.internal.protocol.CacheHints;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.spi.McpAccessPolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.security.Principal;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The host's access policy as the request path asks it: one rule for lists and for use, a throwing policy
 * denying (fail closed), and lists marked private when they depend on the caller.
 */
public final class Access {

    private static final Logger log = LoggerFactory.getLogger(Access.class);

    /** No policy: everything visible, no declared scope held. */
    public static final Access NONE = new Access(null);

    private final McpAccessPolicy policy;
    private final boolean filters;
    private final UnaryOperator<String> skillOf;

    public Access(McpAccessPolicy policy) {
        this(policy, uri -> null);
    }

    /**
     * @param skillOf the URI of the skill a resource belongs to (its {@code SKILL.md}), or {@code null}: a skill
     *        the caller does not see hides its files too
     */
    public Access(McpAccessPolicy policy, UnaryOperator<String> skillOf) {
        this.policy = policy;
        this.filters = policy != null && overridesSees(policy);
        this.skillOf = skillOf;
    }

    private static boolean overridesSees(McpAccessPolicy policy) {
        try {
            return policy.getClass().getMethod("sees", Principal.class, McpAccessPolicy.Kind.class, String.class)
                    .getDeclaringClass() != McpAccessPolicy.class;
        } catch (NoSuchMethodException e) {
            return true;
        }
    }

    /** Whether lists depend on the caller. */
    public boolean filters() {
        return filters;
    }

    /** Whether the caller sees an entry (a skill's file only when it sees the skill); a policy that throws hides it. */
    public boolean sees(Principal principal, McpAccessPolicy.Kind kind, String name) {
        if (!filters) {
            return true;
        }
        String skill = kind == McpAccessPolicy.Kind.RESOURCE ? skillOf.apply(name) : null;
        return (skill == null || decides(principal, McpAccessPolicy.Kind.SKILL, skill))
                && decides(principal, kind, name);
    }

    private boolean decides(Principal principal, McpAccessPolicy.Kind kind, String name) {
        try {
            return policy.sees(principal, kind, name);
        } catch (RuntimeException e) {
            log.error("The access policy failed deciding visibility ({}); the entry is hidden", e.getClass().getName());
            return false;
        }
    }

    /**
     * Refuses a use when the caller lacks any of the declared scopes, naming all of them (the client asks for
     * them in one step-up); a policy that throws grants nothing.
     */
    public void requireScopes(Principal principal, List<String> scopes) {
        for (String scope : scopes) {
            if (!grants(principal, scope)) {
                throw McpError.insufficientScope(scopes);
            }
        }
    }

    private boolean grants(Principal principal, String scope) {
        if (policy == null) {
            return false;
        }
        try {
            return policy.grants(principal, scope);
        } catch (RuntimeException e) {
            log.error("The access policy failed deciding a scope ({}); the scope is not granted",
                    e.getClass().getName());
            return false;
        }
    }

    /** The hints of a list: private when it depends on the caller, whatever scope was configured. */
    public CacheHints listHints(CacheHints configured) {
        return filters && "public".equals(configured.scope()) ? new CacheHints(configured.ttlMs(), "private")
                : configured;
    }
}
