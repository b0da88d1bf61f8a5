package io.beammcp.autoconfigure.http;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whatever media type a request declares (multipart and form-encoded included), nothing in front of the
 * endpoint reads its body: the pipeline's checks come first, and the body reaches the core unchanged.
 */
class McpHttpMediaTypeTests extends EndpointTestSupport {

    private String head(String method, String contentType, long length, String... lines) {
        StringBuilder head = new StringBuilder(method + " /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n"
                + "Content-Type: " + contentType + "\r\nMCP-Protocol-Version: 2026-07-28\r\n"
                + "Mcp-Method: tools/call\r\nMcp-Name: echo\r\nContent-Length: " + length + "\r\n");
        for (String line : lines) {
            head.append(line).append("\r\n");
        }
        return head.append("\r\n").toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"multipart/form-data; boundary=x", "multipart/form-data", "multipart/mixed; boundary=y",
        "application/x-www-form-urlencoded", "text/plain", "application/json; charset=utf-8", "not a media type"})
    void theBodyReachesTheCoreExactlyAsSentWhateverItsDeclaredMediaType(String contentType) throws Exception {
        byte[] body = echoCall(1, "a=b&c=d").getBytes(StandardCharsets.UTF_8);
        String signature = "X-Signature: " + HexFormat.of().formatHex(HttpTestHost.hmac(body));
        try (RawHttp raw = new RawHttp(port)) {
            raw.send(head("POST", contentType, body.length, signature));
            raw.send(body);
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.json().at("/result/content/0/text").asString()).isEqualTo("a=b&c=d");
        }
    }

    /**
     * Sends the head of a POST whose body stops after 11 of its 10,000 bytes, and reads the answer: had
     * anything waited for the whole body, there would be none (the read times out).
     */
    private RawHttp.Response stalled(String contentType, String... lines) throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            raw.send(head("POST", contentType, 10_000, lines) + "{\"jsonrpc\":");
            return raw.read();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"multipart/form-data; boundary=x", "multipart/form-data",
        "application/x-www-form-urlencoded"})
    void aStalledBodyIsRefusedByTheAuthorizerOnItsHeadersAndOtherwiseAtTheDeadline(String contentType)
            throws Exception {
        RawHttp.Response denied = stalled(contentType, "X-Test-Deny: yes");
        assertThat(denied.status()).isEqualTo(403);
        assertThat(denied.closes()).isTrue();
        RawHttp.Response late = stalled(contentType);
        assertThat(late.status()).isEqualTo(408);
        assertThat(late.closes()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"PUT", "PATCH", "DELETE"})
    void aFormEncodedBodyOfAnotherMethodIs405WithoutWaitingForIt(String method) throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            // 3 of 10,000 bytes: an answer at all means nothing waited for the body
            raw.send(head(method, "application/x-www-form-urlencoded", 10_000) + "a=b");
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(405);
            assertThat(response.header("Allow")).isEqualTo("POST");
        }
    }
}
