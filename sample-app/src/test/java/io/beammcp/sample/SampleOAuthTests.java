package io.beammcp.sample;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.beammcp.test.McpTestClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Date;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample's oauth profile on the wire: a challenge that points at the metadata, the metadata itself, and a
 * tool call with a token of the issuer for this endpoint (the issuer's keys are the test's, in a decoder bean).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
@ActiveProfiles("oauth")
class SampleOAuthTests {

    private static final String ISSUER = "http://127.0.0.1:9000";
    static final RSAKey KEY = generate();
    private static final int PORT = freePort();
    private static final String ENDPOINT = "http://127.0.0.1:" + PORT + "/mcp";
    private static final String METADATA = "http://127.0.0.1:" + PORT + "/.well-known/oauth-protected-resource/mcp";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newHttpClient();

    // the resource URI is built from server.port when the chain is made, before a random port would be known
    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("server.port", () -> PORT);
        registry.add("management.server.port", () -> 0);
        registry.add("beammcp.sample.issuer", () -> ISSUER);
    }

    @Test
    void withoutTokenTheChallengeNamesTheMetadata() throws Exception {
        HttpResponse<String> response = post(null);
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().firstValue("WWW-Authenticate"))
                .hasValue("Bearer resource_metadata=\"" + METADATA + "\", scope=\"mcp:tools weather:plan\"");
    }

    @Test
    void metadataNamesTheResourceAndItsIssuer() throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(METADATA)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode document = JSON.readTree(response.body());
        assertThat(document.path("resource").asString()).isEqualTo(ENDPOINT);
        assertThat(document.path("authorization_servers").get(0).asString()).isEqualTo(ISSUER);
        assertThat(document.path("scopes_supported").get(0).asString()).isEqualTo("mcp:tools");
    }

    @Test
    void tokenForThisEndpointCallsATool() {
        try (McpTestClient client = McpTestClient.http(URI.create(ENDPOINT),
                Map.of("Authorization", "Bearer " + token(ENDPOINT)))) {
            assertThat(client.callTool("get_weather", Map.of("place", "Lisbon")).text())
                    .matches("Lisbon: .+ °C, wind \\d+ km/h");
        }
    }

    @Test
    void aTokenWithoutTheToolsScopeIsAskedToStepUp() throws Exception {
        HttpResponse<String> response = post(token(ENDPOINT, "mcp:tools"), "{\"jsonrpc\":\"2.0\",\"id\":7,"
                + "\"method\":\"tools/call\",\"params\":{\"name\":\"plan_trip\",\"arguments\":{\"destination\":"
                + "{\"city\":\"Oslo\"},\"transport\":\"train\"},\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":"
                + "\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}",
                "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "tools/call", "Mcp-Name", "plan_trip");
        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue(
                "Bearer error=\"insufficient_scope\", scope=\"weather:plan\", resource_metadata=\"" + METADATA + "\"");
        assertThat(JSON.readTree(response.body()).at("/error/code").asInt()).isEqualTo(-31403);

        try (McpTestClient client = McpTestClient.http(URI.create(ENDPOINT),
                Map.of("Authorization", "Bearer " + token(ENDPOINT, "mcp:tools weather:plan")))) {
            assertThat(client.callTool("plan_trip", Map.of("destination", Map.of("city", "Oslo"), "transport", "train"))
                    .isError()).isFalse();
        }
    }

    @Test
    void tokenForAnotherResourceIsRefused() throws Exception {
        HttpResponse<String> response = post(token("http://127.0.0.1:1/mcp"));
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().firstValue("WWW-Authenticate").orElseThrow())
                .startsWith("Bearer resource_metadata=\"" + METADATA + "\"").contains("error=\"invalid_token\"");
    }

    private HttpResponse<String> post(String token) throws Exception {
        return post(token, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}");
    }

    private HttpResponse<String> post(String token, String body, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(ENDPOINT))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (headers.length > 0) {
            request.headers(headers);
        }
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String token(String audience) {
        return token(audience, "mcp:tools");
    }

    private static String token(String audience, String scope) {
        Instant now = Instant.now();
        JWTClaimsSet claims = new JWTClaimsSet.Builder().issuer(ISSUER).audience(audience).subject("interop-client")
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

    private static RSAKey generate() {
        try {
            return new RSAKeyGenerator(2048).keyID("sample-test").generate();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The issuer's keys, as its JWKS would give them. */
    @TestConfiguration(proxyBeanMethods = false)
    static class IssuerKeys {

        @Bean
        JwtDecoder jwtDecoder() throws Exception {
            return NimbusJwtDecoder.withPublicKey(KEY.toRSAPublicKey()).build();
        }
    }
}
