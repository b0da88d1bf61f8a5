package io.beammcp.autoconfigure.security;

import io.beammcp.autoconfigure.http.McpAuthorization;
import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.autoconfigure.http.McpRequestHead;
import org.springframework.security.authentication.AuthenticationTrustResolver;
import org.springframework.security.authentication.AuthenticationTrustResolverImpl;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * The default authorizer under Spring Security: admits a request whose caller is an authenticated, non-anonymous
 * {@link Authentication}, and refuses anything else, so the endpoint stays fail-closed and the security chain is
 * the one decision. The caller is the request's principal when it is an {@code Authentication} (on the reactive
 * transport, what the {@code SecurityWebFilterChain} authenticated), else that of the thread's security context
 * (on the servlet transport, what the {@code SecurityFilterChain} authenticated).
 */
final class AuthenticatedAuthorizer implements McpAuthorizer {

    private final AuthenticationTrustResolver trust = new AuthenticationTrustResolverImpl();

    @Override
    public McpAuthorization authorize(McpRequestHead request) {
        Authentication caller = request != null && request.principal() instanceof Authentication authentication
                ? authentication : SecurityContextHolder.getContextHolderStrategy().getContext().getAuthentication();
        if (caller == null || !caller.isAuthenticated() || trust.isAnonymous(caller)) {
            return McpAuthorization.deny("no authenticated user in the security context; secure the endpoint with"
                    + " http.with(McpSecurityConfigurer.mcp(), Customizer.withDefaults()), or on WebFlux"
                    + " McpServerSecurity.mcp().customize(http)");
        }
        return McpAuthorization.permit();
    }

    /** It reads only the request and the thread's context. */
    @Override
    public boolean blocks() {
        return false;
    }
}
