package io.beammcp.autoconfigure.security;

import org.springframework.security.authorization.AuthenticatedReactiveAuthorizationManager;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.authorization.ReactiveAuthorizationManager;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.web.server.SecurityWebFiltersOrder;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.server.authorization.AuthorizationWebFilter;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import reactor.core.publisher.Mono;

/**
 * Secures the MCP endpoint in one line of a WebFlux {@code SecurityWebFilterChain}, as {@link McpSecurityConfigurer}
 * does in a servlet {@code SecurityFilterChain}:
 * <pre>{@code
 * McpServerSecurity.mcp().customize(http);
 * return http.authorizeExchange(exchanges -> exchanges.anyExchange().authenticated())
 *         .httpBasic(Customizer.withDefaults())   // or the resource server, a login, ...
 *         .build();
 * }</pre>
 * It requires an authenticated caller on every HTTP method of the endpoint ({@code beammcp.http.path}): an
 * anonymous one gets the chain's entry point (401 and its challenge). It adds its rule as a filter of its own, so
 * it works whatever the chain's {@code authorizeExchange} rules already say. The endpoint is exempt from CSRF by the
 * auto-configuration itself (its defence there is the endpoint's Origin policy), and CORS for the admitted origins
 * is answered ahead of the chain, so preflight requests, which carry no credentials, pass.
 */
public final class McpServerSecurity implements Customizer<ServerHttpSecurity> {

    private McpServerSecurity() {
    }

    /**
     * The customizer, for {@code McpServerSecurity.mcp().customize(http)}.
     *
     * @return a new customizer
     */
    public static McpServerSecurity mcp() {
        return new McpServerSecurity();
    }

    @Override
    public void customize(ServerHttpSecurity http) {
        http.addFilterAfter(new AuthorizationWebFilter(new Authenticated()), SecurityWebFiltersOrder.AUTHORIZATION);
    }

    /** Authenticated on the endpoint; no opinion elsewhere, where the chain's own rules decide. */
    private static final class Authenticated implements ReactiveAuthorizationManager<ServerWebExchange> {

        private static final AuthenticatedReactiveAuthorizationManager<ServerWebExchange> AUTHENTICATED =
                AuthenticatedReactiveAuthorizationManager.authenticated();
        private static final Mono<AuthorizationResult> ABSTAIN = Mono.just(new AuthorizationDecision(true));

        private volatile PathPattern endpoint;

        @Override
        public Mono<AuthorizationResult> authorize(Mono<Authentication> authentication, ServerWebExchange exchange) {
            return isEndpoint(exchange) ? AUTHENTICATED.authorize(authentication, exchange) : ABSTAIN;
        }

        private boolean isEndpoint(ServerWebExchange exchange) {
            PathPattern pattern = endpoint;
            if (pattern == null) {
                // the path as configured where the request is served, read once from the application it reached,
                // and matched as the endpoint's handler mapping matches it, so no other spelling passes by
                String path = exchange.getApplicationContext() == null ? "/mcp"
                        : exchange.getApplicationContext().getEnvironment().getProperty("beammcp.http.path", "/mcp");
                pattern = PathPatternParser.defaultInstance.parse(path);
                endpoint = pattern;
            }
            return pattern.matches(exchange.getRequest().getPath().pathWithinApplication());
        }
    }
}
