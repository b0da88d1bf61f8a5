package io.beammcp.oauth;

import com.nimbusds.jose.jwk.RSAKey;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The issuer's key set behind the decoder Spring Boot builds from {@code jwk-set-uri}, served by a stub issuer
 * that counts its fetches, on a server of four request threads and a fresh context (so a fresh rate limiter)
 * for each test: tokens signed with key ids the set does not hold make one fetch beyond the first load, the
 * second of the two the rate limiter allows in its interval, and are refused with 401 without another; a token
 * whose key is cached is served throughout, also while a slow issuer answers.
 */
@SpringBootTest(classes = KeySetRefetchTests.IssuerApp.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "beammcp.http.allowed-origins=http://localhost:*",
                "beammcp.http.oauth2.resource=" + OAuthTestApp.RESOURCE,
                "beammcp.http.oauth2.authorization-servers=" + OAuthTestApp.ISSUER,
                "beammcp.http.oauth2.scopes-supported=mcp:basic", "server.tomcat.threads.max=4" })
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_EACH_TEST_METHOD)
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

    @BeforeEach
    void reset() {
        ISSUER.fetches.set(0);
        ISSUER.delayMillis = 0;
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

    /**
     * Forty unauthenticated requests at once against an issuer answering 250 ms late make one refetch between
     * them, rather than a fetch each whenever the set they saw is the latest, so they hold the four threads
     * for about one fetch and a caller whose key is cached is served meanwhile.
     */
    @Test
    void unknownKeyIdsAgainstASlowIssuerHoldNoCallerWhoseKeyIsCached() throws Exception {
        ISSUER.delayMillis = 250;
        assertThat(send(Tokens.signed(Tokens.claims())).get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);

        List<CompletableFuture<HttpResponse<String>>> unknown = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            unknown.add(send(Tokens.signed(Tokens.claims(), unknown("slow-" + i))));
        }
        long start = System.nanoTime();
        HttpResponse<String> cached = send(Tokens.signed(Tokens.claims())).get(30, TimeUnit.SECONDS);
        long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        assertThat(cached.statusCode()).isEqualTo(200);
        for (CompletableFuture<HttpResponse<String>> response : unknown) {
            assertThat(response.get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(401);
        }
        assertThat(ISSUER.fetches).as("the first load and one refetch").hasValue(2);
        // a generous bound, against a hang: the fetch count above is what tells the two behaviours apart
        assertThat(waited).as("ms the caller with a cached key waited").isLessThan(5_000);
    }

    CompletableFuture<HttpResponse<String>> send(String token) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/mcp"))
                .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "tools/list").header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofString(ProtectedResourceTests.LIST)).build();
        return ProtectedResourceTests.CLIENT.sendAsync(request, HttpResponse.BodyHandlers.ofString());
    }
}
