package io.beammcp.autoconfigure.security;

import org.springframework.context.ApplicationContext;
import org.springframework.security.authorization.AuthenticatedAuthorizationManager;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.annotation.web.configurers.CsrfConfigurer;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.access.ExceptionTranslationFilter;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

import jakarta.servlet.http.HttpServletRequest;

import java.util.function.Supplier;

/**
 * Secures the MCP endpoint in one line of a {@code SecurityFilterChain}:
 * <pre>{@code
 * http.httpBasic(Customizer.withDefaults())   // or the resource server, a login, ...
 *     .with(McpSecurityConfigurer.mcp(), Customizer.withDefaults());
 * }</pre>
 * It exempts the endpoint ({@code beammcp.http.path}) from CSRF, whose defence there is the endpoint's own
 * Origin policy, and requires an authenticated caller on every HTTP method of it (an anonymous one gets the
 * chain's entry point: 401 and its challenge). CORS for the admitted origins is answered ahead of the chain,
 * so preflight requests, which carry no credentials, pass.
 */
public final class McpSecurityConfigurer extends AbstractHttpConfigurer<McpSecurityConfigurer, HttpSecurity> {

    private McpSecurityConfigurer() {
    }

    /**
     * The configurer, for {@code http.with(McpSecurityConfigurer.mcp(), Customizer.withDefaults())}.
     *
     * @return a new configurer
     */
    public static McpSecurityConfigurer mcp() {
        return new McpSecurityConfigurer();
    }

    @Override
    public void init(HttpSecurity http) {
        RequestMatcher endpoint = PathPatternRequestMatcher.withDefaults().matcher(path(http));
        CsrfConfigurer<HttpSecurity> csrf = http.getConfigurer(CsrfConfigurer.class);
        if (csrf != null) {
            csrf.ignoringRequestMatchers(endpoint);
        }
        // a filter of its own rather than a rule of authorizeHttpRequests, which refuses rules added after anyRequest()
        http.addFilterAfter(new AuthorizationFilter(new Authenticated(endpoint)), ExceptionTranslationFilter.class);
    }

    private static String path(HttpSecurity http) {
        ApplicationContext context = http.getSharedObject(ApplicationContext.class);
        return context == null ? "/mcp" : context.getEnvironment().getProperty("beammcp.http.path", "/mcp");
    }

    /** Authenticated on the endpoint; no opinion elsewhere, where the chain's own rules decide. */
    private record Authenticated(RequestMatcher endpoint) implements AuthorizationManager<HttpServletRequest> {

        private static final AuthenticatedAuthorizationManager<HttpServletRequest> AUTHENTICATED =
                AuthenticatedAuthorizationManager.authenticated();
        private static final AuthorizationDecision ABSTAIN = new AuthorizationDecision(true);

        @Override
        public AuthorizationResult authorize(Supplier<? extends Authentication> authentication,
                HttpServletRequest request) {
            return endpoint.matches(request) ? AUTHENTICATED.authorize(authentication, request) : ABSTAIN;
        }
    }
}
