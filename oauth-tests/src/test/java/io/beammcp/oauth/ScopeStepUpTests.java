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
 * Scope escalation on both transports with RS256 tokens: a valid token lacking the scopes a tool declares is 403
 * with the step-up challenge naming all of them, before any event-stream byte and without running the tool;
 * the same client with a token holding them is served; and the tool stays listed for the client to discover.
 */
class ScopeStepUpTests extends OAuthServer {

    static final String STEP_UP = "Bearer error=\"insufficient_scope\", scope=\"files:read files:write\", "
            + "resource_metadata=\"" + ProtectedResourceTests.METADATA + "\"";
    static final String PURGE = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"purge\","
            + "\"arguments\":{\"path\":\"/tmp/x\"},\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";

    @Override
    List<String> properties() {
        return List.of("beammcp.http.oauth2.authorization-servers=" + OAuthTestApp.ISSUER,
                "beammcp.http.oauth2.scopes-supported=mcp:basic");
    }

    @BeforeEach
    void reset() {
        OAuthTestApp.PURGES.set(0);
    }

    @Test
    void aTokenLackingTheToolsScopesIs403NamingEveryScopeAndTheToolDoesNotRun() throws Exception {
        for (String scope : new String[] { "mcp:basic", "mcp:basic files:read", "files:write" }) {
            HttpResponse<String> response = purge("Bearer " + Tokens.signed(Tokens.claims().claim("scope", scope)));

            assertThat(response.statusCode()).as(scope).isEqualTo(403);
            assertThat(response.headers().allValues("WWW-Authenticate")).as(scope).containsExactly(STEP_UP);
            assertThat(response.headers().firstValue("Content-Type")).get().asString().startsWith("application/json");
            JsonNode error = ProtectedResourceTests.JSON.readTree(response.body()).get("error");
            assertThat(error.get("code").asInt()).isEqualTo(-31403);
            assertThat(error.get("data").get("scopes").toString()).isEqualTo("[\"files:read\",\"files:write\"]");
        }
        assertThat(OAuthTestApp.PURGES).hasValue(0);
    }

    @Test
    void aTokenHoldingEveryScopeIsServed() throws Exception {
        HttpResponse<String> response = purge("Bearer "
                + Tokens.signed(Tokens.claims().claim("scope", "mcp:basic files:read files:write")));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("purged /tmp/x");
        assertThat(OAuthTestApp.PURGES).hasValue(1);
    }

    @Test
    void theScopedToolIsListedToACallerWithoutItsScopesSoItCanStepUp() throws Exception {
        HttpResponse<String> list = ProtectedResourceTests.send(HttpRequest.newBuilder(URI.create(endpoint()))
                .header("Mcp-Method", "tools/list")
                .POST(HttpRequest.BodyPublishers.ofString(ProtectedResourceTests.LIST)),
                "Bearer " + Tokens.signed(Tokens.claims()));

        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(list.body()).contains("\"name\":\"purge\"").contains("\"name\":\"echo\"");
    }

    HttpResponse<String> purge(String authorization) throws Exception {
        return ProtectedResourceTests.send(HttpRequest.newBuilder(URI.create(endpoint()))
                .header("Mcp-Method", "tools/call").header("Mcp-Name", "purge")
                .POST(HttpRequest.BodyPublishers.ofString(PURGE)), authorization);
    }

    String endpoint() {
        return "http://localhost:" + port + "/mcp";
    }
}
