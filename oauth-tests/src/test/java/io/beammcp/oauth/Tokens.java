package io.beammcp.oauth;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;

import java.time.Instant;
import java.util.Date;

/** Access tokens as the test's authorization server (or an attacker) would mint them. */
final class Tokens {

    private Tokens() {
    }

    static JWTClaimsSet.Builder claims() {
        Instant now = Instant.now();
        return new JWTClaimsSet.Builder().issuer(OAuthTestApp.ISSUER).audience(OAuthTestApp.RESOURCE)
                .subject("alice").claim("client_id", "test-client").claim("scope", "mcp:basic")
                .issueTime(Date.from(now.minusSeconds(5))).expirationTime(Date.from(now.plusSeconds(300)));
    }

    static String signed(JWTClaimsSet.Builder claims) {
        return signed(claims, OAuthTestApp.KEY);
    }

    static String signed(JWTClaimsSet.Builder claims, RSAKey key) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID())
                    .build(), claims.build());
            jwt.sign(new RSASSASigner(key));
            return jwt.serialize();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code alg: none}. */
    static String none(JWTClaimsSet.Builder claims) {
        return new PlainJWT(claims.build()).serialize();
    }

    /** A signed token with its signature cut off. */
    static String unsigned(JWTClaimsSet.Builder claims) {
        String token = signed(claims);
        return token.substring(0, token.lastIndexOf('.') + 1);
    }
}
