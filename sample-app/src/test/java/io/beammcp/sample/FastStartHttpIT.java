package io.beammcp.sample;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.beammcp.sample.StdioProcess.JSON;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code fast-start.sh --http} trains the HTTP mode with real requests, so the cache holds the request path too,
 * and starts it from the bean definitions Spring AOT wrote when the sample was built: a server started with the
 * command it prints answers a {@code tools/call}, the generated bean registrations are used, and the classes only
 * a served request loads (Tomcat's HTTP/1.1 processor, a tool's result) come from the cache. Nothing here is timed.
 */
@Timeout(300)
class FastStartHttpIT {

    private static final String SHARED = " source: shared objects file";
    private static final String CALL = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":"
            + "\"get_weather\",\"arguments\":{\"place\":\"Lisbon\"},\"_meta\":{\"io.modelcontextprotocol/"
            + "protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}";

    @Test
    void theHttpCacheHoldsTheRequestPath() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path outDir = Path.of("target", "fast-start-it-http").toAbsolutePath();
        String printed = FastStartIT.fastStart(java, outDir, "--http").strip();
        Path cache = outDir.resolve(Runtime.version().feature() >= 24 ? "http.aot" : "http.jsa");
        assertThat(cache).isNotEmptyFile();

        List<String> command = new ArrayList<>(Arrays.asList(printed.split(" ")));
        assertThat(command).contains("-Dspring.aot.enabled=true", "-jar", outDir.resolve("sample-app.jar").toString())
                .anyMatch(arg -> arg.endsWith("=" + cache));
        Path classLog = outDir.resolve("class-load.log");
        command.add(command.indexOf("-jar"), "-Xlog:class+load=info:file=" + classLog);
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        command.addAll(List.of("--server.port=" + port, "--management.server.port=0"));

        Process server = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(outDir.resolve("run.log").toFile()).start();
        try {
            JsonNode answer = JSON.readTree(callWhenUp(port));
            assertThat(answer.at("/id").asInt()).isEqualTo(7);
            assertThat(answer.at("/result/resultType").stringValue()).isEqualTo("complete");
        } finally {
            server.destroy();
            server.waitFor(60, TimeUnit.SECONDS);
            server.destroyForcibly();
        }
        // loaded only once a request is served: without the training requests they would be read from the jars;
        // and the bean definitions Spring AOT wrote at build time
        assertThat(Files.readAllLines(classLog))
                .anyMatch(line -> line.contains(" io.beammcp.sample.WeatherApplication__BeanFactoryRegistrations" + SHARED))
                .anyMatch(line -> line.contains(" org.apache.coyote.http11.Http11Processor" + SHARED))
                .anyMatch(line -> line.contains(" io.beammcp.core.ToolResult$Success" + SHARED));
    }

    private static String callWhenUp(int port) throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "tools/call")
                .header("Mcp-Name", "get_weather")
                .POST(HttpRequest.BodyPublishers.ofString(CALL))
                .build();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            try {
                HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                assertThat(response.statusCode()).isEqualTo(200);
                return response.body();
            } catch (java.net.ConnectException notYet) {
                assertThat(System.nanoTime()).as("the server answers within 120 s").isLessThan(deadline);
                Thread.sleep(100);
            }
        }
    }
}
