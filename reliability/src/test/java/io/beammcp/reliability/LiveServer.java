package io.beammcp.reliability;

import io.beammcp.testsupport.LiveHttp;
import io.beammcp.testsupport.Messages;
import io.beammcp.testsupport.RawHttp;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;

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

    static final String MODERN = Messages.MODERN;
    static final String LEGACY = Messages.LEGACY;
    static final int MIB = 1024 * 1024;
    static final HttpClient CLIENT = LiveHttp.CLIENT;

    @LocalServerPort
    int port;

    @Autowired
    TestHost host;

    URI endpoint() {
        return URI.create("http://localhost:" + port + "/mcp");
    }

    /** The 2026-07-28 header lines for a method, plus {@code Mcp-Name} when {@code name} is not null. */
    static String[] modernHeaders(String method, String name) {
        return LiveHttp.modernHeaderLines(method, name);
    }

    static String[] with(String[] lines, String... more) {
        return LiveHttp.with(lines, more);
    }

    HttpResponse<String> post(String body, String... headerPairs) throws IOException, InterruptedException {
        return LiveHttp.post(endpoint(), body, headerPairs);
    }

    /** One request on a fresh connection through {@link RawHttp}. */
    RawHttp.Response raw(String body, String... headerLines) throws IOException {
        try (RawHttp raw = new RawHttp(port)) {
            raw.post(body, headerLines);
            return raw.read();
        }
    }
}
