package io.beammcp.autoconfigure.http;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Host code asking the client for input over HTTP: in 2025-11-25 the request goes out on the call's own
 * event stream and the client's answer comes back as another POST on the session; in 2026-07-28 the call is
 * answered {@code input_required} and the retry completes.
 */
class McpHttpInputTests extends EndpointTestSupport {

    private String openSessionWithElicitation() throws Exception {
        HttpResponse<String> init = post("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"elicitation\":{}},"
                + "\"clientInfo\":{\"name\":\"http-test\",\"version\":\"1\"}}}");
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(post(notification("notifications/initialized"), "Mcp-Session-Id", session,
                "MCP-Protocol-Version", LEGACY).statusCode()).isEqualTo(202);
        return session;
    }

    private static JsonNode nextMessage(Iterator<String> lines) {
        while (lines.hasNext()) {
            String line = lines.next();
            if (line.startsWith("data: ")) {
                return JSON.readTree(line.substring("data: ".length()));
            }
        }
        throw new AssertionError("the stream ended");
    }

    @Test
    void aLegacyCallAsksOnItsEventStreamAndTheAnswerComesBackAsAnotherPost() throws Exception {
        String session = openSessionWithElicitation();
        HttpRequest call = HttpRequest.newBuilder(endpoint()).timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString(legacy(1, "tools/call", "{\"name\":\"ask\"}")))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("Mcp-Session-Id", session).header("MCP-Protocol-Version", LEGACY).build();
        HttpResponse<Stream<String>> response = CLIENT.send(call, HttpResponse.BodyHandlers.ofLines());
        try (Stream<String> body = response.body()) {
            assertThat(response.headers().firstValue("Content-Type")).hasValue("text/event-stream");
            Iterator<String> lines = body.iterator();
            JsonNode request = nextMessage(lines);
            assertThat(request.path("method").stringValue()).isEqualTo("elicitation/create");
            assertThat(request.path("params").path("message").stringValue()).isEqualTo("Your name?");
            HttpResponse<String> answered = post("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":"
                    + "{\"action\":\"accept\",\"content\":{\"name\":\"Alice\"}}}",
                    "Mcp-Session-Id", session, "MCP-Protocol-Version", LEGACY);
            assertThat(answered.statusCode()).isEqualTo(202);
            assertThat(answered.body()).isEmpty();
            JsonNode result = nextMessage(lines);
            assertThat(result.path("id").asInt()).isEqualTo(1);
            assertThat(result.at("/result/content/0/text").stringValue()).isEqualTo("Hello, {name=Alice}");
        }
    }

    @Test
    void aModernCallAnswersInputRequiredAndTheRetryCompletes() throws Exception {
        String capabilities = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{\"elicitation\":{}}}";
        HttpResponse<String> first = post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"ask\"," + capabilities + "}}", modernHeaders("tools/call", "ask"));
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.headers().firstValue("Mcp-Session-Id")).isEmpty();
        JsonNode round = json(first).get("result");
        assertThat(round.path("resultType").stringValue()).isEqualTo("input_required");
        HttpResponse<String> retry = post("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"ask\",\"inputResponses\":{\"user_name\":{\"action\":\"accept\",\"content\":"
                + "{\"name\":\"Bob\"}}},\"requestState\":" + round.get("requestState") + "," + capabilities + "}}",
                modernHeaders("tools/call", "ask"));
        assertThat(json(retry).at("/result/content/0/text").stringValue()).isEqualTo("Hello, {name=Bob}");
        HttpResponse<String> tampered = post("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"ask\",\"requestState\":\"v1.e30.AAAA\"," + capabilities + "}}",
                modernHeaders("tools/call", "ask"));
        assertThat(tampered.statusCode()).isEqualTo(200);
        assertThat(code(tampered)).isEqualTo(-32602);
    }
}
