package io.beammcp.interop.as;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenCustomizer;

import java.util.List;

/**
 * An authorization server for the interop run: Spring Authorization Server as Spring Boot configures it from
 * application.yml (one client_credentials client), with access tokens whose audience is the MCP resource, or each
 * of them ({@code interop.resource} is a comma-separated list: the run has one on each transport).
 */
@SpringBootApplication
public class AuthorizationServerApplication {

    public static void main(String[] args) {
        SpringApplication.run(AuthorizationServerApplication.class, args);
    }

    /** The resource server accepts only tokens that name it (RFC 8707 audience), so every access token does. */
    @Bean
    OAuth2TokenCustomizer<JwtEncodingContext> audience(@Value("${interop.resource}") List<String> resources) {
        return context -> {
            if (OAuth2TokenType.ACCESS_TOKEN.equals(context.getTokenType())) {
                context.getClaims().audience(resources);
            }
        };
    }
}
