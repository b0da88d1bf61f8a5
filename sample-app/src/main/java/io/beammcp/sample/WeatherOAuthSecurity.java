package io.beammcp.sample;

import io.beammcp.autoconfigure.security.McpSecurityConfigurer;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.security.autoconfigure.actuate.web.servlet.EndpointRequest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The oauth profile's chain for everything but the endpoint and its metadata, which the starter's OAuth chain
 * serves ahead of it: bearer tokens elsewhere too, except Actuator, which stays on its loopback port. On the
 * servlet transport; the WebFlux sample has its own.
 */
@Configuration(proxyBeanMethods = false)
@Profile("oauth")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
class WeatherOAuthSecurity {

    @Bean
    SecurityFilterChain weatherChain(HttpSecurity http) throws Exception {
        return http.authorizeHttpRequests(requests -> requests.requestMatchers(EndpointRequest.toAnyEndpoint()).permitAll()
                        .anyRequest().authenticated())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .oauth2ResourceServer(server -> server.jwt(Customizer.withDefaults()))
                .with(McpSecurityConfigurer.mcp(), Customizer.withDefaults())
                .build();
    }
}
