package io.beammcp.autoconfigure.observation;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A server whose legacy sessions are at their bound reports itself out of service (503) until one ends. */
@SpringBootTest(classes = ObservedApp.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "beammcp.http.allowed-origins=http://localhost:*", "beammcp.http.session.max-count=1",
                "management.endpoint.health.show-details=always" })
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class McpHealthDegradedTests {

    static final HttpClient CLIENT = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return CLIENT.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> health() throws Exception {
        return send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/actuator/health")));
    }

    @Test
    void atTheSessionBoundTheServerIsOutOfServiceAndBackUpWhenTheSessionEnds() throws Exception {
        assertThat(health().statusCode()).isEqualTo(200);
        URI mcp = URI.create("http://localhost:" + port + "/mcp");
        HttpResponse<String> init = send(HttpRequest.newBuilder(mcp).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\","
                        + "\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                        + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}")));
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();

        HttpResponse<String> full = health();
        assertThat(full.statusCode()).isEqualTo(503);
        JsonNode body = JsonMapper.builder().build().readTree(full.body());
        assertThat(body.path("status").asString()).isEqualTo("OUT_OF_SERVICE");
        assertThat(body.at("/components/mcp/status").asString()).isEqualTo("OUT_OF_SERVICE");
        assertThat(body.at("/components/mcp/details/sessions/open").asInt()).isEqualTo(1);
        assertThat(body.at("/components/mcp/details/sessions/max").asInt()).isEqualTo(1);

        send(HttpRequest.newBuilder(mcp).header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25")
                .DELETE());
        assertThat(health().statusCode()).isEqualTo(200);
    }
}
