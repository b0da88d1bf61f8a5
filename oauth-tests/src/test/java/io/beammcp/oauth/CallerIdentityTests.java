package io.beammcp.oauth;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who a token's caller is, on both transports with RS256 tokens: tokens without a subject (client credentials) of
 * two clients, and tokens with the same subject from two issuers, are two callers, each with its own input
 * rounds, 2025-11-25 sessions and tool-call rate. Named by an empty subject alone they would all be one.
 */
class CallerIdentityTests extends OAuthServer {

    static final String OTHER = "https://other-as.example.test";
    static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{\"elicitation\":{}}}";

    @Override
    List<String> properties() {
        return List.of("beammcp.http.oauth2.authorization-servers=" + OAuthTestApp.ISSUER + "," + OTHER,
                "beammcp.limits.tool-calls-per-caller=3");
    }

    @BeforeEach
    void reset() {
        OAuthTestApp.APPROVED.set(0);
        OAuthTestApp.CALLS.set(0);
    }

    /** A client-credentials token: no subject, only the client. */
    static String client(String clientId) {
        return "Bearer " + Tokens.signed(Tokens.claims().subject(null).claim("client_id", clientId));
    }

    @Test
    void anotherSubjectlessClientCannotCompleteAClientsInputRound() throws Exception {
        JsonNode round = json(call(approve(1, ""), client("client-one")));
        assertThat(round.at("/result/resultType").asString()).isEqualTo("input_required");
        String retry = approve(2, "\"inputResponses\":{\"approval\":{\"action\":\"accept\",\"content\":{\"ok\":true}}},"
                + "\"requestState\":" + round.at("/result/requestState") + ",");

        JsonNode refused = json(call(retry, client("client-two")));
        assertThat(refused.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(refused.at("/error/message").asString()).contains("another caller");
        JsonNode blank = json(call(retry, "Bearer " + Tokens.signed(Tokens.claims().subject("")
                .claim("client_id", "client-two"))));
        assertThat(blank.at("/error/code").asInt()).as("an empty subject is no subject").isEqualTo(-32602);
        assertThat(OAuthTestApp.APPROVED).as("the host action never ran for another client").hasValue(0);

        JsonNode own = json(call(retry, client("client-one")));
        assertThat(own.at("/result/content/0/text").asString()).isEqualTo("approved {ok=true}");
        assertThat(OAuthTestApp.APPROVED).hasValue(1);
    }

    @Test
    void anotherSubjectlessClientFindsNoSessionOfAClient() throws Exception {
        String initialize = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
        HttpResponse<String> opened = legacy(request(initialize), client("client-one"));
        String session = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
        String list = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}";

        for (String other : new String[] { client("client-two"),
                "Bearer " + Tokens.signed(Tokens.claims().subject(null).claim("client_id", null).claim("azp", "x")) }) {
            HttpResponse<String> response = legacy(request(list).header("Mcp-Session-Id", session), other);
            assertThat(response.statusCode()).isEqualTo(404);
        }
        HttpResponse<String> own = legacy(request(list).header("Mcp-Session-Id", session), client("client-one"));
        assertThat(own.statusCode()).isEqualTo(200);
    }

    @Test
    void eachClientAndEachIssuersSubjectHasItsOwnRate() throws Exception {
        String[] callers = { client("rate-one"), client("rate-two"),
                "Bearer " + Tokens.signed(Tokens.claims().subject("carol")),
                "Bearer " + Tokens.signed(Tokens.claims().subject("carol").issuer(OTHER)) };
        for (int round = 0; round < 3; round++) {
            for (String caller : callers) {
                assertThat(call(echo(10 + round), caller).statusCode()).as("within its rate").isEqualTo(200);
            }
        }
        for (String caller : callers) {
            assertThat(call(echo(13), caller).statusCode()).as("one past its rate").isEqualTo(429);
        }
        assertThat(OAuthTestApp.CALLS).hasValue(3 * callers.length);
    }

    static String approve(int id, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"approve\","
                + params + META + "}}";
    }

    static String echo(int id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{\"text\":\"hi\"}," + META + "}}";
    }

    HttpResponse<String> call(String body, String authorization) throws Exception {
        String name = body.contains("\"approve\"") ? "approve" : "echo";
        return ProtectedResourceTests.send(request(body).header("Mcp-Method", "tools/call").header("Mcp-Name", name),
                authorization);
    }

    /** A 2025-11-25 request: its version header (none on initialize) is the session's. */
    static HttpResponse<String> legacy(HttpRequest.Builder request, String authorization) throws Exception {
        request.timeout(java.time.Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("Authorization", authorization);
        if (request.build().headers().firstValue("Mcp-Session-Id").isPresent()) {
            request.header("MCP-Protocol-Version", "2025-11-25");
        }
        return ProtectedResourceTests.CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpRequest.Builder request(String body) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/mcp"))
                .POST(HttpRequest.BodyPublishers.ofString(body));
    }

    static JsonNode json(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return ProtectedResourceTests.JSON.readTree(response.body());
    }
}
