package io.beammcp.security;

import io.beammcp.autoconfigure.security.McpServerSecurity;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.core.userdetails.MapReactiveUserDetailsService;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.web.server.SecurityWebFilterChain;

/**
 * {@link SecuredApp} on WebFlux, as its team would secure it there: Basic users, every path authenticated,
 * method security on the (blocking) service host code calls, and the MCP endpoint secured in one line. Its tools
 * are {@link SecuredApp}'s, found by the same scan.
 */
@SpringBootApplication
@EnableMethodSecurity
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
public class ReactiveSecuredApp {

    @Bean
    SecurityWebFilterChain chain(ServerHttpSecurity http) {
        McpServerSecurity.mcp().customize(http);
        return http.authorizeExchange(exchanges -> exchanges.anyExchange().authenticated())
                .httpBasic(Customizer.withDefaults())
                .build();
    }

    @Bean
    MapReactiveUserDetailsService users() {
        return new MapReactiveUserDetailsService(
                User.withUsername("alice").password("{noop}alice-pw").roles("USER", "ADMIN").build(),
                User.withUsername("bob").password("{noop}bob-pw").roles("USER").build());
    }
}
