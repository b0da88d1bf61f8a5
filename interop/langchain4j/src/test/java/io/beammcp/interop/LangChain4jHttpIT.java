package io.beammcp.interop;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.mcp.client.transport.McpTransport;
import dev.langchain4j.mcp.client.transport.http.StreamableHttpMcpTransport;
import dev.langchain4j.mcp.protocol.McpInitializeRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** LangChain4j's client over Streamable HTTP, against one sample instance. */
@DisplayName("langchain4j http")
class LangChain4jHttpIT extends LangChain4jFlows {

    private SampleApp server;

    @BeforeAll
    @Override
    void connect() throws Exception {
        server = SampleApp.startHttp("langchain4j-http").awaitReady();
        super.connect();
    }

    @AfterAll
    @Override
    void disconnect() throws Exception {
        try {
            super.disconnect();
        } finally {
            if (server != null) server.close();
        }
    }

    @Override
    McpTransport transport() {
        StreamableHttpMcpTransport.Builder builder = StreamableHttpMcpTransport.builder()
                .url(server.baseUrl() + "/mcp")
                .timeout(Duration.ofSeconds(60));
        return new StreamableHttpMcpTransport(builder) {
            @Override
            public CompletableFuture<JsonNode> initialize(McpInitializeRequest request) {
                return recordRevision(super.initialize(request));
            }
        };
    }
}
