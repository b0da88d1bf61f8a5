package io.beammcp.oauth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import io.beammcp.core.CallContext;
import io.beammcp.core.InputRequest;
import io.beammcp.core.annotation.McpTool;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusReactiveJwtDecoder;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A host protected by OAuth: its decoder (one per transport) trusts the test's authorization server key
 * ({@link #KEY}), as a {@code jwk-set-uri} would; audience and issuer are the starter's to check.
 */
@SpringBootApplication
public class OAuthTestApp {

    static final String RESOURCE = "https://mcp.example.test/mcp";
    static final String ISSUER = "https://as.example.test";
    static final RSAKey KEY = generate("as-key");
    /** Another key with the same id: what a forger without the issuer's private key can sign with. */
    static final RSAKey FORGED = generate("as-key");

    static final AtomicInteger CALLS = new AtomicInteger();
    static final AtomicInteger PURGES = new AtomicInteger();
    /** How often the host action behind an answered question ran. */
    static final AtomicInteger APPROVED = new AtomicInteger();

    @Bean
    JwtDecoder jwtDecoder() throws JOSEException {
        return NimbusJwtDecoder.withPublicKey(KEY.toRSAPublicKey()).validateType(false).build();
    }

    /** The same key on the reactive transport. */
    @Bean
    ReactiveJwtDecoder reactiveJwtDecoder() throws JOSEException {
        return NimbusReactiveJwtDecoder.withPublicKey(KEY.toRSAPublicKey()).validateType(false).build();
    }

    @Component
    static class Tools {

        @McpTool(description = "Echoes its text")
        String echo(String text) {
            CALLS.incrementAndGet();
            return text;
        }

        @McpTool(description = "Asks the user to approve, then acts")
        String approve(CallContext context) {
            Map<String, Object> answer = context.ask("approval", InputRequest.elicitation("Approve?",
                    Map.of("type", "object", "properties", Map.of("ok", Map.of("type", "boolean")))));
            APPROVED.incrementAndGet();
            return "approved " + answer.get("content");
        }

        @McpTool(description = "Deletes a file", scopes = { "files:read", "files:write" })
        String purge(String path) {
            PURGES.incrementAndGet();
            return "purged " + path;
        }
    }

    private static RSAKey generate(String kid) {
        try {
            return new RSAKeyGenerator(2048).keyID(kid).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }
}
