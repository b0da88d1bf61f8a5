package io.beammcp.interop;

import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;

import java.time.Duration;

/** The Java SDK client over Streamable HTTP: two sample instances, one with page size 1. */
@DisplayName("java-sdk http (2025-11-25)")
class JavaSdkHttpIT extends LegacyFlows {

    private SampleApp server;
    private SampleApp pagedServer;

    @BeforeAll
    @Override
    void connect() throws Exception {
        server = SampleApp.startHttp("http");
        pagedServer = SampleApp.startHttp("http-paged", "--beammcp.page-size=1");
        server.awaitReady();
        pagedServer.awaitReady();
        super.connect();
    }

    @AfterAll
    @Override
    void disconnect() {
        try {
            super.disconnect();
        } finally {
            try {
                if (server != null) server.close();
                if (pagedServer != null) pagedServer.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    McpClientTransport transport(boolean paged) {
        return HttpClientStreamableHttpTransport.builder((paged ? pagedServer : server).baseUrl())
                .endpoint("/mcp")
                .connectTimeout(Duration.ofSeconds(10))
                .build();
    }
}
