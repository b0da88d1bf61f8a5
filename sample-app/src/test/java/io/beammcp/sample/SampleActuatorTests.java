package io.beammcp.sample;

import io.beammcp.test.McpTestClient;
import io.beammcp.test.autoconfigure.AutoConfigureMcpTestClient;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an operator of the sample sees on its management port (random here, 8081 as shipped; loopback only):
 * health with the server's bounds, info, the catalog, and the Prometheus series of a call just made; nothing of
 * it on the MCP port.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureMcpTestClient
class SampleActuatorTests {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final HttpClient http = HttpClient.newHttpClient();

    @Autowired
    ObjectProvider<McpTestClient> clients;

    @Value("${local.management.port}")
    int managementPort;

    @Value("${local.server.port}")
    int serverPort;

    @Value("${management.server.address}")
    String managementAddress;

    @Test
    void aCallShowsInThePrometheusScrape() throws Exception {
        try (McpTestClient client = clients.getObject()) {
            assertThat(client.callTool("get_weather", Map.of("place", "Lisbon")).isError()).isFalse();
        }
        String scrape = get(managementPort, "/actuator/prometheus").body();
        assertThat(scrape).containsPattern("(?m)^mcp_server_operation_duration_seconds_count\\{[^}]*"
                + "gen_ai_operation_name=\"execute_tool\",gen_ai_prompt_name=\"none\","
                + "gen_ai_tool_name=\"get_weather\",mcp_method_name=\"tools/call\",mcp_protocol_version=\"2026-07-28\","
                + "network_transport=\"tcp\"[^}]*} [1-9]");
    }

    @Test
    void healthInfoAndTheCatalogAreOnTheManagementPortOnly() throws Exception {
        assertThat(managementAddress).isEqualTo("127.0.0.1");
        JsonNode health = JSON.readTree(get(managementPort, "/actuator/health").body());
        assertThat(health.path("status").asString()).isEqualTo("UP");
        assertThat(health.at("/components/mcp/status").asString()).isEqualTo("UP");
        assertThat(health.at("/components/mcp/details/tools").asInt()).isEqualTo(3);
        JsonNode info = JSON.readTree(get(managementPort, "/actuator/info").body());
        assertThat(info.at("/mcp/revisions").toString()).contains("2025-11-25", "2026-07-28");
        JsonNode catalog = JSON.readTree(get(managementPort, "/actuator/mcp").body());
        assertThat(catalog.path("tools").toString()).contains("\"get_weather\"", "\"forecast\"");
        assertThat(get(serverPort, "/actuator/health").statusCode()).isEqualTo(404);
    }

    private HttpResponse<String> get(int port, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
