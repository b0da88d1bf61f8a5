package io.beammcp.autoconfigure.http;

import io.beammcp.testsupport.LiveHttp;
import io.beammcp.testsupport.RawHttp;
import io.beammcp.testsupport.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which request targets reach the endpoint: the configured path in every spelling the framework's path matching
 * takes for it (percent-encoded characters, path parameters), and nothing else (another case, a trailing slash,
 * a path below it).
 */
class McpHttpPathTests extends EndpointTestSupport {

    private RawHttp.Response post(String target) throws Exception {
        byte[] body = echoCall(1, "here").getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n"
                + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                + "Content-Length: " + body.length + "\r\n");
        for (String line : LiveHttp.modernHeaderLines("tools/call", "echo")) {
            head.append(line).append("\r\n");
        }
        try (RawHttp raw = new RawHttp(port)) {
            raw.send(head.append("\r\n").toString());
            raw.send(body);
            return raw.read();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "/mcp", "/mc%70", "/%6Dcp", "/mcp;x=1", "/mcp?x=1" })
    void everySpellingOfThePathReachesTheEndpoint(String target) throws Exception {
        RawHttp.Response response = post(target);
        assertThat(response.status()).as(target).isEqualTo(200);
        assertThat(response.json().at("/result/content/0/text").asString()).as(target).isEqualTo("here");
    }

    @ParameterizedTest
    @ValueSource(strings = { "/mcp/", "/MCP", "/mcp/x", "/mcpx", "/x/mcp" })
    void noOtherPathReachesTheEndpoint(String target) throws Exception {
        RawHttp.Response response = post(target);
        assertThat(response.status()).as(target).isEqualTo(404);
    }

    @Test
    void anOptionsRequestThatIsNoPreflightIsTheFrameworksToAnswer() throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            raw.sendHead("OPTIONS");
            RawHttp.Response response = raw.read();
            if (transport == Transport.SERVLET) {
                // Spring MVC answers OPTIONS itself for a mapping that names no method
                assertThat(response.status()).isEqualTo(200);
                assertThat(response.header("Allow")).contains("POST");
            } else {
                assertThat(response.status()).isEqualTo(405);
            }
        }
    }
}
