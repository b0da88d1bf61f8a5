package io.beammcp.sample;

import io.beammcp.autoconfigure.security.McpServerSecurity;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.security.autoconfigure.actuate.web.reactive.EndpointRequest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.web.server.SecurityWebFilterChain;

/**
 * The oauth profile's chain on WebFlux, as {@link WeatherOAuthSecurity} is on the servlet transport: bearer tokens
 * for everything but the endpoint and its metadata (the starter's OAuth chain serves them ahead of it), except
 * Actuator, which stays on its loopback port.
 */
@Configuration(proxyBeanMethods = false)
@Profile("oauth")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
class WeatherOAuthReactiveSecurity {

    @Bean
    SecurityWebFilterChain weatherChain(ServerHttpSecurity http) {
        McpServerSecurity.mcp().customize(http);
        return http.authorizeExchange(exchanges -> exchanges.matchers(EndpointRequest.toAnyEndpoint()).permitAll()
                        .anyExchange().authenticated())
                .oauth2ResourceServer(server -> server.jwt(Customizer.withDefaults()))
                .build();
    }
}
