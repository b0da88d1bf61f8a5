package io.beammcp.benchmarks;

import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.Reply;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;

/** The input schema a server advertises for a tool, read through {@code tools/list}. */
final class McpTestSchemas {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private McpTestSchemas() {
    }

    static String inputSchema(McpServer server, String tool) {
        Reply reply = server.handle(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\""
                + ":{}}}}").getBytes(StandardCharsets.UTF_8), new StdioExchange());
        for (JsonNode t : JSON.readTree(reply.body()).at("/result/tools")) {
            if (t.get("name").asString().equals(tool)) {
                return t.get("inputSchema").toString();
            }
        }
        throw new IllegalStateException("No tool " + tool);
    }
}
