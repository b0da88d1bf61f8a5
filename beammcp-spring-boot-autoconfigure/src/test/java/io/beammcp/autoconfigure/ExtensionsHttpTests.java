package io.beammcp.autoconfigure;

import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.core.annotation.McpTool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An extension bean and the skills of a location served over Streamable HTTP by the auto-configured endpoint:
 * the extension's method answers a request (2026-07-28) or session (2025-11-25) that declared it and is unknown
 * to others, with the statuses of each revision.
 */
@SpringBootTest(classes = ExtensionsHttpTests.App.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "beammcp.http.allowed-origins=http://localhost:*",
                "beammcp.skills.locations=classpath:/extension-tests/skills/*/SKILL.md" })
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ExtensionsHttpTests {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @SpringBootConfiguration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class App {

        @Bean
        Echo echo() {
            return new Echo();
        }

        @Bean
        NotesExtension notes() {
            return new NotesExtension();
        }

        @Bean
        McpAuthorizer mcpAuthorizer() {
            return McpAuthorizer.permitAll();
        }
    }

    static class Echo {
        @McpTool(description = "Echoes")
        String echo(String text) {
            return text;
        }
    }

    @LocalServerPort
    int port;

    private HttpResponse<String> post(String body, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/mcp"))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> modern(int id, String method, String meta) throws Exception {
        return post("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":{" + meta + "}}",
                "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", method);
    }

    private static JsonNode json(HttpResponse<String> response) {
        return JSON.readTree(response.body());
    }

    @Test
    void theExtensionsMethodAnswersAModernRequestThatDeclaredItAndIs404ToOthers() throws Exception {
        HttpResponse<String> declared = modern(1, "notes/count", NotesExtension.DECLARING);
        assertThat(declared.statusCode()).isEqualTo(200);
        assertThat(json(declared).at("/result/count").asInt()).isEqualTo(2);
        assertThat(json(declared).at("/result/resultType").asString()).isEqualTo("complete");

        HttpResponse<String> undeclared = modern(2, "notes/count", "\"_meta\":{\"io.modelcontextprotocol/protocolVersion"
                + "\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}");
        assertThat(undeclared.statusCode()).isEqualTo(404);
        assertThat(json(undeclared).at("/error/code").asInt()).isEqualTo(-32601);
    }

    @Test
    void theExtensionsMethodAnswersASessionThatDeclaredItAndIsUnknownToAnother() throws Exception {
        String declared = session("{\"extensions\":{\"" + NotesExtension.ID + "\":{}}}");
        HttpResponse<String> answered = post("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"notes/count\"}",
                "Mcp-Session-Id", declared, "MCP-Protocol-Version", "2025-11-25");
        assertThat(answered.statusCode()).isEqualTo(200);
        assertThat(json(answered).at("/result/count").asInt()).isEqualTo(2);

        String other = session("{}");
        HttpResponse<String> unknown = post("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"notes/count\"}",
                "Mcp-Session-Id", other, "MCP-Protocol-Version", "2025-11-25");
        assertThat(unknown.statusCode()).isEqualTo(200);
        assertThat(json(unknown).at("/error/code").asInt()).isEqualTo(-32601);
    }

    @Test
    void theSkillsOfTheLocationAreListedBesideTheExtension() throws Exception {
        JsonNode discover = json(modern(5, "server/discover", "\"_meta\":{\"io.modelcontextprotocol/protocolVersion"
                + "\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}"));
        assertThat(discover.at("/result/capabilities/extensions").toString()).isEqualTo(
                "{\"io.modelcontextprotocol/tasks\":{},\"io.modelcontextprotocol/skills\":{\"directoryRead\":true},"
                + "\"io.example/notes\":{\"version\":1}}");
        JsonNode skills = json(modern(6, "skills/list", "\"_meta\":{\"io.modelcontextprotocol/protocolVersion"
                + "\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}"));
        assertThat(skills.at("/result/skills/0/uri").asString()).isEqualTo("skill://release-checklist/SKILL.md");
    }

    /** Opens a 2025-11-25 session with these client capabilities; answers its id. */
    private String session(String capabilities) throws Exception {
        HttpResponse<String> opened = post("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{"
                + "\"protocolVersion\":\"2025-11-25\",\"capabilities\":" + capabilities
                + ",\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}");
        String id = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
        post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", "Mcp-Session-Id", id,
                "MCP-Protocol-Version", "2025-11-25");
        return id;
    }
}
