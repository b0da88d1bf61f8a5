package io.beammcp.autoconfigure.security.oauth2;

import io.beammcp.autoconfigure.http.BeamMcpHttpProperties;
import io.beammcp.autoconfigure.http.BeamMcpReactiveHttpAutoConfiguration;
import io.beammcp.autoconfigure.http.McpScopeChallenge;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.web.server.SecurityWebFiltersOrder;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.security.oauth2.server.resource.introspection.ReactiveOpaqueTokenIntrospector;
import org.springframework.security.oauth2.server.resource.web.server.authentication.ServerBearerTokenAuthenticationConverter;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.savedrequest.NoOpServerRequestCache;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatchers;

/**
 * {@link BeamMcpOAuth2AutoConfiguration} on the reactive transport: when {@code beammcp.http.oauth2.resource} is
 * set, a {@link SecurityWebFilterChain} for the endpoint and the metadata documents, on Spring Security's reactive
 * resource server with the application's {@link ReactiveJwtDecoder} (or, without one, its
 * {@link ReactiveOpaqueTokenIntrospector}), both wrapped so that a token must name this resource as audience and
 * come from a configured issuer; the metadata document ({@link ReactiveResourceMetadata}), the 401 challenge and
 * the 403 step-up challenge are those of the servlet transport. The chain is ordered ahead of the application's
 * and matches only the endpoint and {@code /.well-known/oauth-protected-resource[/…]}.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.security.oauth2.server.resource.autoconfigure.reactive."
        + "ReactiveOAuth2ResourceServerAutoConfiguration",
        "org.springframework.boot.security.autoconfigure.web.reactive.ReactiveWebSecurityAutoConfiguration" },
        before = BeamMcpReactiveHttpAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass({ ServerHttpSecurity.class, ReactiveJwtDecoder.class, ServerBearerTokenAuthenticationConverter.class })
@ConditionalOnProperty(name = "beammcp.http.oauth2.resource")
@EnableConfigurationProperties({ BeamMcpOAuth2Properties.class, BeamMcpHttpProperties.class })
public final class BeamMcpReactiveOAuth2AutoConfiguration {

    /** The 403 step-up challenge names the metadata document, as the 401 does. */
    @Bean
    @ConditionalOnMissingBean
    McpScopeChallenge mcpScopeChallenge(BeamMcpOAuth2Properties properties) {
        return McpScopeChallenge.bearer(new ProtectedResource(properties).metadataUrl());
    }

    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE + 10)
    SecurityWebFilterChain mcpOAuth2SecurityWebFilterChain(ServerHttpSecurity http,
            BeamMcpOAuth2Properties properties, BeamMcpHttpProperties httpProperties,
            ObjectProvider<ReactiveJwtDecoder> jwtDecoder, ObjectProvider<ReactiveOpaqueTokenIntrospector> introspector) {
        ProtectedResource resource = new ProtectedResource(properties);
        ReactiveBearerEntryPoint entryPoint = new ReactiveBearerEntryPoint(new BearerChallenge(resource,
                properties.getScopesSupported()));
        String wellKnown = ProtectedResource.WELL_KNOWN;
        http.securityMatcher(ServerWebExchangeMatchers.pathMatchers(httpProperties.getPath(), wellKnown,
                        wellKnown + "/**"))
                .authorizeExchange(exchanges -> exchanges.pathMatchers(wellKnown, wellKnown + "/**").permitAll()
                        .anyExchange().authenticated())
                // the endpoint's Origin policy is its CSRF defence; a bearer token is no ambient credential
                .csrf(ServerHttpSecurity.CsrfSpec::disable)
                .securityContextRepository(NoOpServerSecurityContextRepository.getInstance())
                .requestCache(cache -> cache.requestCache(NoOpServerRequestCache.getInstance()))
                .exceptionHandling(handling -> handling.authenticationEntryPoint(entryPoint))
                .addFilterBefore(new ReactiveResourceMetadata(resource, properties), SecurityWebFiltersOrder.AUTHENTICATION)
                .oauth2ResourceServer(server -> {
                    server.authenticationEntryPoint(entryPoint);
                    server.bearerTokenConverter(new ReactiveSingleCredential(new ServerBearerTokenAuthenticationConverter()));
                    ReactiveJwtDecoder decoder = jwtDecoder.getIfAvailable();
                    if (decoder != null) {
                        server.jwt(jwt -> jwt.jwtDecoder(ReactiveResourceTokens.jwt(decoder, resource)));
                    } else {
                        ReactiveOpaqueTokenIntrospector opaque = introspector.getIfAvailable(() -> {
                            throw new IllegalStateException("beammcp.http.oauth2.resource is set but there is neither "
                                    + "a ReactiveJwtDecoder nor a ReactiveOpaqueTokenIntrospector: set "
                                    + "spring.security.oauth2.resourceserver.jwt.issuer-uri (or jwk-set-uri), or "
                                    + "spring.security.oauth2.resourceserver.opaquetoken.*");
                        });
                        server.opaqueToken(token -> token.introspector(ReactiveResourceTokens.opaque(opaque, resource)));
                    }
                });
        return http.build();
    }
}
