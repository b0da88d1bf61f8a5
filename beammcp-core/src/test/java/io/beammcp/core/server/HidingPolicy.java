package io.beammcp.core.server;

import io.beammcp.core.spi.McpAccessPolicy;

import java.security.Principal;
import java.util.function.BiPredicate;

/** An access policy for tests: every caller sees every entry but those {@code hidden} names, and holds no scope. */
final class HidingPolicy implements McpAccessPolicy {

    private final BiPredicate<Kind, String> hidden;

    private HidingPolicy(BiPredicate<Kind, String> hidden) {
        this.hidden = hidden;
    }

    static McpAccessPolicy hiding(BiPredicate<Kind, String> hidden) {
        return new HidingPolicy(hidden);
    }

    @Override
    public boolean grants(Principal principal, String scope) {
        return false;
    }

    @Override
    public boolean sees(Principal principal, Kind kind, String name) {
        return !hidden.test(kind, name);
    }
}
