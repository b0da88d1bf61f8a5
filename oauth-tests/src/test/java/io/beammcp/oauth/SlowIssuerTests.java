package io.beammcp.oauth;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
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
 * A slow issuer (each key set fetch answered 250 ms late) and forty unauthenticated requests at once, each with
 * a key id of its own, on a server of four request threads: they make one refetch between them, rather than a
 * fetch each whenever the set they saw is the latest, so they hold the threads for about one fetch and a caller
 * whose key is cached is served meanwhile.
 */
@SpringBootTest(classes = KeySetRefetchTests.IssuerApp.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "beammcp.http.allowed-origins=http://localhost:*",
                "beammcp.http.oauth2.resource=" + OAuthTestApp.RESOURCE,
                "beammcp.http.oauth2.authorization-servers=" + OAuthTestApp.ISSUER,
                "server.tomcat.threads.max=4" })
class SlowIssuerTests {

    static final StubIssuer ISSUER = StubIssuer.start();

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void issuer(DynamicPropertyRegistry registry) {
        registry.add("spring.security.oauth2.resourceserver.jwt.jwk-set-uri", ISSUER::jwksUri);
    }

    @Test
    void unknownKeyIdsAgainstASlowIssuerHoldNoCallerWhoseKeyIsCached() throws Exception {
        ISSUER.delayMillis = 250;
        assertThat(send(Tokens.signed(Tokens.claims())).get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);

        List<CompletableFuture<HttpResponse<String>>> unknown = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            unknown.add(send(Tokens.signed(Tokens.claims(), KeySetRefetchTests.unknown("slow-" + i))));
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
