package io.beammcp.test.helpdesk;

import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.List;

/** The tests' own authorization server: a key pair, access tokens for the helpdesk signed with it, its decoder. */
final class Issuer {

    static final String URI = "https://issuer.example.test";
    /** The helpdesk endpoint's canonical URI, which tokens name as their audience. */
    static final String RESOURCE = "https://helpdesk.example.test/mcp";

    private static final KeyPair KEYS = generate();
    private static final JwtEncoder ENCODER = NimbusJwtEncoder.withKeyPair((RSAPublicKey) KEYS.getPublic(),
            (RSAPrivateKey) KEYS.getPrivate()).build();

    private Issuer() {
    }

    /** An RS256 access token for the helpdesk, valid for five minutes, with these space-separated scopes. */
    static String token(String scope) {
        Instant now = Instant.now();
        JwtClaimsSet claims = JwtClaimsSet.builder().issuer(URI).audience(List.of(RESOURCE)).subject("ada")
                .claim("scope", scope).issuedAt(now).expiresAt(now.plusSeconds(300)).build();
        return ENCODER.encode(JwtEncoderParameters.from(JwsHeader.with(SignatureAlgorithm.RS256).build(), claims))
                .getTokenValue();
    }

    /** What the application's decoder would be with this issuer's published keys. */
    static JwtDecoder decoder() {
        return NimbusJwtDecoder.withPublicKey((RSAPublicKey) KEYS.getPublic()).build();
    }

    private static KeyPair generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
