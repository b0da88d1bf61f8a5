package io.beammcp.core.server;

import io.beammcp.core.Catalog;
import io.beammcp.core.InputRequest;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
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
        PipedOutputStream client = new PipedOutputStream();
        PipedInputStream serverIn = new PipedInputStream(client, 1 << 16);
        PipedInputStream clientIn = new PipedInputStream(1 << 16);
        OutputStream serverOut = new PipedOutputStream(clientIn);
        BufferedReader lines = new BufferedReader(new InputStreamReader(clientIn, StandardCharsets.UTF_8));
        Thread loop = new Thread(() -> {
            try {
                new StdioTransport(server).serve(serverIn, serverOut);
                serverOut.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        loop.start();
        send(client, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{\"roots\":{}},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}");
        assertThat(read(lines).path("id").asInt()).isZero();
        send(client, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        send(client, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"roots\"}}");
        JsonNode request = read(lines);
        assertThat(request.path("method").stringValue()).isEqualTo("roots/list");
        send(client, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
        assertThat(read(lines).toString()).as("the loop serves on while the call waits")
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
        send(client, "{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":{\"roots\":[{\"uri\":"
                + "\"file:///r\"}]}}");
        JsonNode response = read(lines);
        assertThat(response.path("id").asInt()).isEqualTo(1);
        assertThat(response.at("/result/content/0/text").stringValue()).isEqualTo("roots: {roots=[{uri=file:///r}]}");

        send(client, Wire.modernText(3, "tools/call", "\"name\":\"roots\"", "\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{\"roots\":{}}}"));
        JsonNode modern = read(lines);
        assertThat(modern.at("/result/resultType").stringValue()).isEqualTo("input_required");
        assertThat(modern.at("/result/inputRequests/r/method").stringValue()).isEqualTo("roots/list");
        client.close();
        loop.join(10_000);
        assertThat(loop.isAlive()).isFalse();
    }

    private static void send(OutputStream client, String line) throws Exception {
        client.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        client.flush();
    }

    private static JsonNode read(BufferedReader lines) throws Exception {
        String line = lines.readLine();
        assertThat(line).as("a line from the server").isNotNull();
        return Wire.JSON.readTree(line);
    }
}
