package io.beammcp.test.helpdesk;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;

import java.time.Instant;
import java.util.Date;

/** The tests' own authorization server: a key pair, access tokens for the helpdesk signed with it, its decoder. */
final class Issuer {

    static final String URI = "https://issuer.example.test";
    /** The helpdesk endpoint's canonical URI, which tokens name as their audience. */
    static final String RESOURCE = "https://helpdesk.example.test/mcp";

    private static final RSAKey KEY = generate();

    private Issuer() {
    }

    /** An access token for the helpdesk, valid for five minutes, with these space-separated scopes. */
    static String token(String scope) {
        Instant now = Instant.now();
        JWTClaimsSet claims = new JWTClaimsSet.Builder().issuer(URI).audience(RESOURCE).subject("ada")
                .claim("scope", scope).issueTime(Date.from(now.minusSeconds(5)))
                .expirationTime(Date.from(now.plusSeconds(300))).build();
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(KEY.getKeyID()).build(),
                    claims);
            jwt.sign(new RSASSASigner(KEY));
            return jwt.serialize();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** What the application's decoder would be with this issuer's published keys. */
    static JwtDecoder decoder() {
        try {
            return NimbusJwtDecoder.withPublicKey(KEY.toRSAPublicKey()).build();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static RSAKey generate() {
        try {
            return new RSAKeyGenerator(2048).keyID("helpdesk-tests").generate();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
