package io.beammcp.autoconfigure.security;

import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.concurrent.DelegatingSecurityContextExecutor;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;

import java.security.Principal;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * The stdio principal under Spring Security: an authenticated {@link Authentication} with the configured
 * authorities, in the security context of every thread that reads messages or runs host code, so that method
 * security behaves as it does over HTTP.
 */
public final class StdioSecurity {

    private StdioSecurity() {
    }

    /**
     * The stdio caller as Spring Security sees it.
     *
     * @param name the principal's name
     * @param authorities its granted authorities
     * @return an authenticated token
     */
    public static Principal principal(String name, List<String> authorities) {
        return UsernamePasswordAuthenticationToken.authenticated(name, null,
                AuthorityUtils.createAuthorityList(authorities));
    }

    /**
     * Runs the transport's tasks within a security context holding {@code principal}.
     *
     * @param principal what {@link #principal} returned
     * @param threads where the tasks run
     * @return the executor to give the transport
     */
    public static Executor executor(Principal principal, Executor threads) {
        SecurityContext context = SecurityContextHolder.getContextHolderStrategy().createEmptyContext();
        context.setAuthentication((Authentication) principal);
        return new DelegatingSecurityContextExecutor(threads, context);
    }
}
