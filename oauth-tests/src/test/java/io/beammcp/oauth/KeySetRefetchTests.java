package io.beammcp.oauth;

import com.nimbusds.jose.jwk.RSAKey;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The issuer's key set behind the decoder Spring Boot builds from {@code jwk-set-uri}, served by a stub issuer
 * that counts its fetches: tokens signed with key ids the set does not hold (forty of them, each different)
 * make one fetch beyond the first load, the second of the two the rate limiter allows in its interval, and are
 * refused with 401 without another; a token whose key is cached is served throughout without a fetch.
 */
@SpringBootTest(classes = KeySetRefetchTests.IssuerApp.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "beammcp.http.allowed-origins=http://localhost:*",
                "beammcp.http.oauth2.resource=" + OAuthTestApp.RESOURCE,
                "beammcp.http.oauth2.authorization-servers=" + OAuthTestApp.ISSUER,
                "beammcp.http.oauth2.scopes-supported=mcp:basic" })
class KeySetRefetchTests {

    static final StubIssuer ISSUER = StubIssuer.start();

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void issuer(DynamicPropertyRegistry registry) {
        registry.add("spring.security.oauth2.resourceserver.jwt.jwk-set-uri", ISSUER::jwksUri);
    }

    /** The test's tools, with Spring Boot's decoder rather than the other tests' fixed key. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class IssuerApp {

        @Bean
        OAuthTestApp.Tools tools() {
            return new OAuthTestApp.Tools();
        }
    }

    @Test
    void unknownKeyIdsFetchTheKeySetAtMostTwiceInTheIntervalAndAreRefused() throws Exception {
        assertThat(call(Tokens.signed(Tokens.claims())).statusCode()).isEqualTo(200);
        assertThat(ISSUER.fetches).as("the first load").hasValue(1);

        for (int i = 0; i < 40; i++) {
            HttpResponse<String> refused = call(Tokens.signed(Tokens.claims(), unknown("rotated-" + i)));
            assertThat(refused.statusCode()).as("unknown key %d", i).isEqualTo(401);
            assertThat(refused.headers().allValues("WWW-Authenticate")).containsExactly(ProtectedResourceTests.INVALID);
        }
        assertThat(ISSUER.fetches).as("one refetch, the second the interval allows; none past it").hasValue(2);

        assertThat(call(Tokens.signed(Tokens.claims())).statusCode()).isEqualTo(200);
        assertThat(ISSUER.fetches).hasValue(2);
    }

    /** A key the issuer's set does not hold, under the given key id. */
    static RSAKey unknown(String kid) {
        return new RSAKey.Builder(OAuthTestApp.FORGED).keyID(kid).build();
    }

    HttpResponse<String> call(String token) throws Exception {
        return ProtectedResourceTests.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/mcp"))
                .header("Mcp-Method", "tools/list")
                .POST(HttpRequest.BodyPublishers.ofString(ProtectedResourceTests.LIST)), "Bearer " + token);
    }
}
