package io.beammcp.reliability;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One live server shared by the HTTP reliability tests (one cached Spring context): Tomcat on a random
 * loopback port, origins {@code http://localhost:*} and {@code https://app.example.com}, a 1 s body
 * deadline, the default 1 MiB body cap, at most 300 legacy sessions.
 */
@SpringBootTest(classes = ReliabilityApp.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "server.address=127.0.0.1",
                "beammcp.http.allowed-origins=http://localhost:*,https://app.example.com",
                "beammcp.http.read-timeout=1s", "beammcp.http.session.max-count=300" })
abstract class LiveServer {

    static final String MODERN = "2026-07-28";
    static final String LEGACY = "2025-11-25";
    static final int MIB = 1024 * 1024;
    static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @LocalServerPort
    int port;

    @Autowired
    TestHost host;

    URI endpoint() {
        return URI.create("http://localhost:" + port + "/mcp");
    }

    /** The 2026-07-28 header lines for a method, plus {@code Mcp-Name} when {@code name} is not null. */
    static String[] modernHeaders(String method, String name) {
        List<String> lines = new ArrayList<>(List.of("MCP-Protocol-Version: " + MODERN, "Mcp-Method: " + method));
        if (name != null) {
            lines.add("Mcp-Name: " + name);
        }
        return lines.toArray(String[]::new);
    }

    static String[] with(String[] lines, String... more) {
        List<String> all = new ArrayList<>(List.of(lines));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    HttpResponse<String> post(String body, String... headerPairs) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint()).timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream");
        for (int i = 0; i < headerPairs.length; i += 2) {
            request.header(headerPairs[i], headerPairs[i + 1]);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** One request on a fresh connection through {@link RawHttp}. */
    RawHttp.Response raw(String body, String... headerLines) throws IOException {
        try (RawHttp raw = new RawHttp(port)) {
            raw.post(body, headerLines);
            return raw.read();
        }
    }
}
