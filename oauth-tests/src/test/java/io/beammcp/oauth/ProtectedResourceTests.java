package io.beammcp.oauth;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The endpoint as an OAuth 2.1 protected resource, on both transports with RS256 tokens: the metadata document at
 * both locations, a 401 with the challenge for every token the resource must not accept (and host code never
 * runs), 200 for a good token, and every HTTP method of the endpoint authenticated.
 */
class ProtectedResourceTests extends OAuthServer {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final String METADATA = "https://mcp.example.test/.well-known/oauth-protected-resource/mcp";
    static final String CHALLENGE = "Bearer resource_metadata=\"" + METADATA + "\", scope=\"mcp:basic\"";
    static final String INVALID = CHALLENGE + ", error=\"invalid_token\"";
    static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":{"
            + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
    static final String CALL = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
            + "\"arguments\":{\"text\":\"hi\"},\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";

    @Override
    List<String> properties() {
        return List.of("beammcp.http.oauth2.authorization-servers=" + OAuthTestApp.ISSUER,
                "beammcp.http.oauth2.scopes-supported=mcp:basic", "beammcp.http.oauth2.resource-name=OAuth test");
    }

    @BeforeEach
    void reset() {
        OAuthTestApp.CALLS.set(0);
    }

    static Stream<Arguments> rejected() {
        Instant now = Instant.now();
        return Stream.of(
                Arguments.of("garbage", "Bearer not-a-token"),
                Arguments.of("malformed header", "Bearer a b c"),
                Arguments.of("wrong signature", "Bearer " + Tokens.signed(Tokens.claims(), OAuthTestApp.FORGED)),
                Arguments.of("unsigned", "Bearer " + Tokens.unsigned(Tokens.claims())),
                Arguments.of("alg none", "Bearer " + Tokens.none(Tokens.claims())),
                Arguments.of("expired", "Bearer " + Tokens.signed(Tokens.claims()
                        .issueTime(Date.from(now.minusSeconds(1200))).expirationTime(Date.from(now.minusSeconds(600))))),
                Arguments.of("wrong issuer", "Bearer " + Tokens.signed(Tokens.claims().issuer("https://evil.example.test"))),
                Arguments.of("wrong audience", "Bearer " + Tokens.signed(Tokens.claims()
                        .audience("https://another-resource.example.com/mcp"))),
                Arguments.of("no audience", "Bearer " + Tokens.signed(Tokens.claims().audience((String) null))),
                Arguments.of("this resource with user information as audience", "Bearer " + Tokens.signed(
                        Tokens.claims().audience("https://evil@mcp.example.test/mcp"))),
                Arguments.of("this resource with a fragment as audience", "Bearer " + Tokens.signed(
                        Tokens.claims().audience("https://mcp.example.test/mcp#evil"))),
                Arguments.of("no expiry", "Bearer " + Tokens.signed(Tokens.claims().expirationTime(null))),
                Arguments.of("neither subject nor client", "Bearer " + Tokens.signed(Tokens.claims().subject(null)
                        .claim("client_id", null))),
                Arguments.of("an empty subject and no client", "Bearer " + Tokens.signed(Tokens.claims().subject("")
                        .claim("client_id", " "))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rejected")
    void aTokenTheResourceMustNotAcceptIs401AndNoHostCodeRuns(String name, String authorization) throws Exception {
        HttpResponse<String> list = post(LIST, authorization);
        HttpResponse<String> call = post(CALL, authorization);

        for (HttpResponse<String> response : List.of(list, call)) {
            assertThat(response.statusCode()).as(name).isEqualTo(401);
            assertThat(response.headers().allValues("WWW-Authenticate")).as(name).containsExactly(INVALID);
            assertThat(JSON.readTree(response.body()).get("error").asString()).isEqualTo("invalid_token");
        }
        assertThat(OAuthTestApp.CALLS).hasValue(0);
    }

    @Test
    void noCredentialIs401WithTheChallengeAndNoError() throws Exception {
        for (String authorization : new String[] { null, "Basic YWxpY2U6c2VjcmV0" }) {
            HttpResponse<String> response = post(CALL, authorization);
            assertThat(response.statusCode()).isEqualTo(401);
            assertThat(response.headers().allValues("WWW-Authenticate")).containsExactly(CHALLENGE);
        }
        assertThat(OAuthTestApp.CALLS).hasValue(0);
    }

    @Test
    void twoAuthorizationHeadersAre400InvalidRequestWhicheverComesFirstAndNoHostCodeRuns() throws Exception {
        String valid = "Bearer " + Tokens.signed(Tokens.claims());
        for (String[] both : new String[][] { { valid, "Bearer garbage" }, { "Bearer garbage", valid },
                { valid, valid } }) {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(endpoint()))
                    .header("Mcp-Method", "tools/call").header("Mcp-Name", "echo").header("Authorization", both[0])
                    .POST(HttpRequest.BodyPublishers.ofString(CALL));
            HttpResponse<String> response = send(request, both[1]);

            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.headers().allValues("WWW-Authenticate"))
                    .containsExactly(CHALLENGE + ", error=\"invalid_request\"");
            assertThat(JSON.readTree(response.body()).get("error").asString()).isEqualTo("invalid_request");
        }
        assertThat(OAuthTestApp.CALLS).hasValue(0);
    }

    @Test
    void aTokenInTheQueryStringIsNoCredential() throws Exception {
        String token = Tokens.signed(Tokens.claims());
        HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(endpoint() + "?access_token=" + token))
                .POST(HttpRequest.BodyPublishers.ofString(CALL)), null);

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().allValues("WWW-Authenticate")).containsExactly(CHALLENGE);
        assertThat(OAuthTestApp.CALLS).hasValue(0);
    }

    @Test
    void aValidTokenReachesTheTool() throws Exception {
        HttpResponse<String> response = post(CALL, "Bearer " + Tokens.signed(Tokens.claims()));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"text\":\"hi\"");
        assertThat(OAuthTestApp.CALLS).hasValue(1);
    }

    @Test
    void anAudienceListNamingThisResourceAmongOthersIsAccepted() throws Exception {
        String token = Tokens.signed(Tokens.claims().audience(List.of("https://other.example.test",
                "HTTPS://MCP.EXAMPLE.TEST:443/mcp/")));

        assertThat(post(LIST, "Bearer " + token).statusCode()).isEqualTo(200);
    }

    @Test
    void getAndDeleteOfTheEndpointAreAuthenticatedToo() throws Exception {
        for (String method : new String[] { "GET", "DELETE" }) {
            HttpResponse<String> anonymous = send(HttpRequest.newBuilder(URI.create(endpoint()))
                    .method(method, HttpRequest.BodyPublishers.noBody()), null);
            assertThat(anonymous.statusCode()).as(method).isEqualTo(401);
            assertThat(anonymous.headers().allValues("WWW-Authenticate")).as(method).containsExactly(CHALLENGE);

            HttpResponse<String> authenticated = send(HttpRequest.newBuilder(URI.create(endpoint()))
                    .method(method, HttpRequest.BodyPublishers.noBody()), "Bearer " + Tokens.signed(Tokens.claims()));
            assertThat(authenticated.statusCode()).as(method).isNotIn(401, 403);
        }
    }

    @Test
    void theMetadataIsServedWithoutATokenAtThePathSuffixedAndTheRootLocation() throws Exception {
        for (String path : new String[] { "/.well-known/oauth-protected-resource/mcp",
                "/.well-known/oauth-protected-resource" }) {
            HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(URI.create(base() + path)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).as(path).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type")).get().asString().startsWith("application/json");
            JsonNode document = JSON.readTree(response.body());
            assertThat(document.get("resource").asString()).isEqualTo(OAuthTestApp.RESOURCE);
            assertThat(document.get("authorization_servers").toString()).isEqualTo("[\"" + OAuthTestApp.ISSUER + "\"]");
            assertThat(document.get("scopes_supported").toString()).isEqualTo("[\"mcp:basic\"]");
            assertThat(document.get("bearer_methods_supported").toString()).isEqualTo("[\"header\"]");
            assertThat(document.get("resource_name").asString()).isEqualTo("OAuth test");
            assertThat(document.has("tls_client_certificate_bound_access_tokens")).isFalse();
        }
    }

    String base() {
        return "http://localhost:" + port;
    }

    String endpoint() {
        return base() + "/mcp";
    }

    HttpResponse<String> post(String body, String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(endpoint()))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (body.equals(CALL)) {
            request.header("Mcp-Method", "tools/call").header("Mcp-Name", "echo");
        } else {
            request.header("Mcp-Method", "tools/list");
        }
        return send(request, authorization);
    }

    static HttpResponse<String> send(HttpRequest.Builder request, String authorization) throws Exception {
        request.timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28");
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
