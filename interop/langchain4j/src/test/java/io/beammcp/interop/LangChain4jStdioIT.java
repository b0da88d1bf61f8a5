package io.beammcp.interop;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.mcp.client.transport.McpTransport;
import dev.langchain4j.mcp.client.transport.stdio.StdioMcpTransport;
import dev.langchain4j.mcp.protocol.McpInitializeRequest;
import org.junit.jupiter.api.DisplayName;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** LangChain4j's client spawning {@code java -jar sample-app.jar --beammcp.transport=stdio}. */
@DisplayName("langchain4j stdio")
class LangChain4jStdioIT extends LangChain4jFlows {

    @Override
    McpTransport transport() {
        List<String> command = new ArrayList<>(List.of(SampleApp.JAVA));
        command.addAll(SampleApp.stdioCommand());
        return new StdioMcpTransport(StdioMcpTransport.builder().command(command).environment(Map.of())) {
            @Override
            public CompletableFuture<JsonNode> initialize(McpInitializeRequest request) {
                return recordRevision(super.initialize(request));
            }
        };
    }
}
