package io.beammcp.autoconfigure.security.oauth2;

import io.beammcp.autoconfigure.http.BeamMcpHttpAutoConfiguration;
import io.beammcp.autoconfigure.http.BeamMcpHttpProperties;
import io.beammcp.autoconfigure.http.McpScopeChallenge;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.security.oauth2.server.resource.autoconfigure.servlet.JwkSetUriJwtDecoderBuilderCustomizer;
import org.springframework.boot.security.oauth2.server.resource.autoconfigure.servlet.OAuth2ResourceServerAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.oauth2.server.resource.OAuth2ResourceServerConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.server.resource.introspection.OpaqueTokenIntrospector;
import org.springframework.security.oauth2.server.resource.web.BearerTokenResolver;
import org.springframework.security.oauth2.server.resource.web.DefaultBearerTokenResolver;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The MCP endpoint as an OAuth 2.1 protected resource, when {@code beammcp.http.oauth2.resource} is set:
 * a security filter chain for the endpoint and the metadata documents, on Spring Security's resource server
 * with the application's {@link JwtDecoder} (or, without one, its {@link OpaqueTokenIntrospector}), both
 * wrapped so that a token must name this resource as audience and come from a configured issuer. Host code is
 * then reached by what the chain authenticated: the security auto-configuration's {@code McpAuthorizer} admits
 * an authenticated caller and refuses anything else.
 *
 * <p>The chain is ordered ahead of the application's and Spring Boot's chains and matches only the endpoint
 * and {@code /.well-known/oauth-protected-resource[/…]}; other paths keep whatever chain they had.
 */
@AutoConfiguration(after = OAuth2ResourceServerAutoConfiguration.class,
        afterName = "org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration",
        before = BeamMcpHttpAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({ OAuth2ResourceServerConfigurer.class, JwtDecoder.class })
@ConditionalOnProperty(name = "beammcp.http.oauth2.resource")
@EnableConfigurationProperties({ BeamMcpOAuth2Properties.class, BeamMcpHttpProperties.class })
public final class BeamMcpOAuth2AutoConfiguration {

    /** The 403 step-up challenge names the metadata document, as the 401 does. */
    @Bean
    @ConditionalOnMissingBean
    McpScopeChallenge mcpScopeChallenge(BeamMcpOAuth2Properties properties) {
        return McpScopeChallenge.bearer(new ProtectedResource(properties).metadataUrl());
    }

    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE + 10)
    SecurityFilterChain mcpOAuth2SecurityFilterChain(HttpSecurity http, BeamMcpOAuth2Properties properties,
            BeamMcpHttpProperties httpProperties, ObjectProvider<JwtDecoder> jwtDecoder,
            ObjectProvider<OpaqueTokenIntrospector> introspector, ObjectProvider<BearerTokenResolver> resolver)
            throws Exception {
        ProtectedResource resource = new ProtectedResource(properties);
        BearerEntryPoint entryPoint = new BearerEntryPoint(new BearerChallenge(resource,
                properties.getScopesSupported()));
        String path = httpProperties.getPath();
        String wellKnown = ProtectedResource.WELL_KNOWN;
        http.securityMatcher(path, wellKnown, wellKnown + "/**")
                .authorizeHttpRequests(requests -> requests.requestMatchers(wellKnown, wellKnown + "/**").permitAll()
                        .anyRequest().authenticated())
                // the endpoint's Origin policy is its CSRF defence; a bearer token is no ambient credential
                .csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .exceptionHandling(handling -> handling.authenticationEntryPoint(entryPoint))
                .oauth2ResourceServer(server -> {
                    server.authenticationEntryPoint(entryPoint);
                    server.bearerTokenResolver(new SingleCredential(
                            resolver.getIfAvailable(DefaultBearerTokenResolver::new)));
                    JwtDecoder decoder = jwtDecoder.getIfAvailable();
                    if (decoder != null) {
                        server.jwt(jwt -> jwt.decoder(ResourceTokens.jwt(decoder, resource)));
                    } else {
                        OpaqueTokenIntrospector opaque = introspector.getIfAvailable(() -> {
                            throw new IllegalStateException("beammcp.http.oauth2.resource is set but there is neither "
                                    + "a JwtDecoder nor an OpaqueTokenIntrospector: set "
                                    + "spring.security.oauth2.resourceserver.jwt.issuer-uri (or jwk-set-uri), or "
                                    + "spring.security.oauth2.resourceserver.opaquetoken.*");
                        });
                        server.opaqueToken(token -> token.introspector(ResourceTokens.opaque(opaque, resource)));
                    }
                    server.protectedResourceMetadata(metadata -> metadata.protectedResourceMetadataCustomizer(
                            document -> {
                                document.resource(resource.resource());
                                properties.getAuthorizationServers().forEach(document::authorizationServer);
                                properties.getScopesSupported().forEach(document::scope);
                                if (properties.getResourceName() != null) {
                                    document.resourceName(properties.getResourceName());
                                }
                                // Spring's default claims mTLS-bound tokens, which this resource does not require
                                document.claims(claims -> claims.remove("tls_client_certificate_bound_access_tokens"));
                            }));
                });
        return http.build();
    }

    /** The key set of Spring Boot's decoder ({@code jwk-set-uri}, {@code issuer-uri}) refetched at a bounded rate. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(JwkSetUriJwtDecoderBuilderCustomizer.class)
    static final class KeySetConfiguration {

        /** First, so that an application's own processor customizer, set after it, takes precedence. */
        @Bean
        @Order(Ordered.HIGHEST_PRECEDENCE)
        KeySetRefresh mcpKeySetRefresh() {
            return new KeySetRefresh();
        }
    }
}
