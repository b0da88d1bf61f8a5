package io.beammcp.core.server;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.InputRequest;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Asking the client for input over stdio, where the process is one legacy session: the request is a line
 * on stdout, the client's answer a line on stdin, read while the tool call waits; a 2026-07-28 client gets
 * {@code input_required} as on HTTP.
 */
@Timeout(30)
class StdioInputTest {

    private final McpServer server = McpServer.builder(Catalog.of(List.of(ToolSpec.builder("roots").build())),
            (name, args, context) -> ToolResult.of("roots: " + context.ask("r", InputRequest.roots()))).build();

    @Test
    void aLegacyCallAsksOnStdoutAndReadsTheAnswerFromStdinWhileItWaits() throws Exception {
        try (StdioPeer peer = new StdioPeer(server)) {
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-11-25\",\"capabilities\":{\"roots\":{}},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}");
            assertThat(peer.next().path("id").asInt()).isZero();
            peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"roots\"}}");
            JsonNode request = peer.next();
            assertThat(request.path("method").stringValue()).isEqualTo("roots/list");
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
            assertThat(peer.next().toString()).as("the loop serves on while the call waits")
                    .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":{\"roots\":[{\"uri\":"
                    + "\"file:///r\"}]}}");
            JsonNode response = peer.next();
            assertThat(response.path("id").asInt()).isEqualTo(1);
            assertThat(response.at("/result/content/0/text").stringValue()).isEqualTo("roots: {roots=[{uri=file:///r}]}");

            peer.send(Wire.modernText(3, "tools/call", "\"name\":\"roots\"", "\"_meta\":{"
                    + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                    + "\"io.modelcontextprotocol/clientCapabilities\":{\"roots\":{}}}"));
            JsonNode modern = peer.next();
            assertThat(modern.at("/result/resultType").stringValue()).isEqualTo("input_required");
            assertThat(modern.at("/result/inputRequests/r/method").stringValue()).isEqualTo("roots/list");
        }
    }
}
