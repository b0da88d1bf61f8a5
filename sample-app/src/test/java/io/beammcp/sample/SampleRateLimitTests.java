package io.beammcp.sample;

import io.beammcp.test.McpTestClient;
import io.beammcp.test.autoconfigure.AutoConfigureMcpTestClient;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample as shipped lets one caller (here 127.0.0.1) call tools 600 times a minute: the 601st call in the
 * minute is 429 with {@code Retry-After} and {@code -31429}. The shipped period, named again, gives this test a
 * context of its own (no other test's calls counted), closed after it so no other test meets its spent allowance.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "beammcp.limits.tool-calls-period=1m")
@AutoConfigureMcpTestClient
@DirtiesContext
class SampleRateLimitTests {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    ObjectProvider<McpTestClient> clients;

    @Value("${local.server.port}")
    int port;

    @Test
    void theCallPastSixHundredInAMinuteIs429WithRetryAfter() throws Exception {
        try (McpTestClient client = clients.getObject()) {
            for (int call = 1; call <= 600; call++) {
                assertThat(client.callTool("get_weather", Map.of("place", "Lisbon")).isError()).as("call %d", call)
                        .isFalse();
            }
        }
        HttpResponse<String> refused = HttpClient.newHttpClient().send(HttpRequest
                .newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", "tools/call")
                .header("Mcp-Name", "get_weather")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":601,\"method\":\"tools/call\","
                        + "\"params\":{\"name\":\"get_weather\",\"arguments\":{\"place\":\"Lisbon\"},\"_meta\":{"
                        + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                        + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).isEqualTo(429);
        long retryAfter = Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow());
        assertThat(retryAfter).isBetween(1L, 66L); // a period and at most one slot of it
        JsonNode error = JSON.readTree(refused.body()).path("error");
        assertThat(error.path("code").asInt()).isEqualTo(-31429);
        assertThat(error.path("message").asString())
                .isEqualTo("Rate limit exceeded: at most 600 tool calls in 60 s; retry after " + retryAfter + " s");
        assertThat(error.at("/data/retryAfterSeconds").asLong()).isEqualTo(retryAfter);
    }
}
