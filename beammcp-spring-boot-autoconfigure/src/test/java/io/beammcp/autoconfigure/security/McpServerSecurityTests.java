package io.beammcp.autoconfigure.security;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.security.authentication.UserDetailsRepositoryReactiveAuthenticationManager;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.core.userdetails.MapReactiveUserDetailsService;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.web.server.WebFilterChainProxy;
import org.springframework.test.web.reactive.server.WebTestClient;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The one line of a WebFlux security chain: the endpoint requires an authenticated caller on every HTTP method
 * even in a chain whose own rules permit everything, and the chain's rules alone decide elsewhere.
 */
class McpServerSecurityTests {

    private final WebTestClient client = client();

    private static WebTestClient client() {
        MapReactiveUserDetailsService users = new MapReactiveUserDetailsService(
                User.withUsername("alice").password("{noop}alice-pw").roles("USER").build());
        ServerHttpSecurity http = ServerHttpSecurity.http()
                .authenticationManager(new UserDetailsRepositoryReactiveAuthenticationManager(users));
        McpServerSecurity.mcp().customize(http);
        http.authorizeExchange(exchanges -> exchanges.anyExchange().permitAll())
                .httpBasic(Customizer.withDefaults())
                .csrf(ServerHttpSecurity.CsrfSpec::disable);
        return WebTestClient.bindToWebHandler(exchange -> exchange.getResponse().setComplete())
                .webFilter(new WebFilterChainProxy(http.build())).build();
    }

    @Test
    void everyMethodOfTheEndpointNeedsAnAuthenticatedCaller() {
        for (HttpMethod method : new HttpMethod[] { HttpMethod.POST, HttpMethod.GET, HttpMethod.DELETE }) {
            client.method(method).uri("/mcp").exchange().expectStatus().isUnauthorized()
                    .expectHeader().valueMatches("WWW-Authenticate", "Basic.*");
            client.method(method).uri("/mcp").header("Authorization", "Basic " + Base64.getEncoder()
                    .encodeToString("alice:alice-pw".getBytes(StandardCharsets.UTF_8))).exchange()
                    .expectStatus().isOk();
        }
    }

    @Test
    void anotherSpellingOfTheEndpointsPathNeedsAnAuthenticatedCallerToo() {
        // WebFlux's handler mapping serves these as /mcp (Spring Security's firewall refuses a ';' with 400)
        for (String spelling : new String[] { "/mc%70", "/%6Dcp" }) {
            client.post().uri(java.net.URI.create(spelling)).exchange().expectStatus().isUnauthorized();
        }
    }

    @Test
    void elsewhereTheChainsOwnRulesDecide() {
        client.post().uri("/other").exchange().expectStatus().isOk();
        client.post().uri("/mcp/other").exchange().expectStatus().isOk();
    }
}
