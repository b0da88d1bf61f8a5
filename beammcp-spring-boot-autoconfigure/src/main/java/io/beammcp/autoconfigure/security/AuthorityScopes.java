package io.beammcp.autoconfigure.security;

import io.beammcp.core.spi.McpAccessPolicy;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;

import java.security.Principal;

/**
 * The default {@link McpAccessPolicy} with Spring Security: a caller holds scope {@code x} when its
 * {@link Authentication} has the authority {@code SCOPE_x}, as Spring Security's resource server maps a token's
 * {@code scope} claim; everything is visible. Define an {@code McpAccessPolicy} bean to replace it.
 */
public final class AuthorityScopes implements McpAccessPolicy {

    @Override
    public boolean grants(Principal principal, String scope) {
        if (!(principal instanceof Authentication authentication) || !authentication.isAuthenticated()) {
            return false;
        }
        String wanted = "SCOPE_" + scope;
        for (GrantedAuthority authority : authentication.getAuthorities()) {
            if (wanted.equals(authority.getAuthority())) {
                return true;
            }
        }
        return false;
    }
}
