package io.beammcp.reliability;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** Origin, Host and the two authorize hooks against the live pipeline. */
@Timeout(60)
@ExtendWith(OutputCaptureExtension.class)
class OriginAndAuthorizationTest extends LiveServer {

    private static final String COUNT = CoreClient.modernMessage(1, "tools/call", "\"name\":\"count\"");
    private static final String[] COUNT_HEADERS = modernHeaders("tools/call", "count");

    @ParameterizedTest
    @ValueSource(strings = {"Origin: http://evil.example.com", "Origin: null", "Origin: http://localhost.evil.com",
            "Origin: https://app.example.com.evil.com", "Origin: http://localhost:1/path", "Origin: file://",
            "Origin: http://user@localhost:1", "Origin: https://app.example.com:444",
            "Origin: http://localhost:1\r\nOrigin: http://evil.example.com",
            "Origin: https://app.example.com\r\nOrigin: null", "Origin: "})
    void badAndGoodThenBadOriginsAre403BeforeHostCode(String origin) throws Exception {
        int before = host.counted.get();
        RawHttp.Response response = raw(COUNT, with(COUNT_HEADERS, origin));
        assertThat(response.status()).as(origin).isEqualTo(403);
        assertThat(response.json().has("id")).isFalse();
        assertThat(host.counted.get()).isEqualTo(before);
    }

    @ParameterizedTest
    @ValueSource(strings = {"X-None: absent", "Origin: http://localhost:1", "Origin: HTTP://LOCALHOST:65535",
            "Origin: https://app.example.com", "Origin: https://app.example.com:443"})
    void absentAndAllowedOriginsAreServed(String origin) throws Exception {
        RawHttp.Response response = raw(COUNT, with(COUNT_HEADERS, origin));
        assertThat(response.status()).as(origin).isEqualTo(200);
    }

    @Test
    void aRefusalCarriesNoSecretReasonAndTheReasonStaysInTheLog(CapturedOutput output) throws Exception {
        int before = host.counted.get();
        RawHttp.Response response = raw(COUNT, with(COUNT_HEADERS, "X-Deny: yes"));
        assertThat(response.status()).isEqualTo(403);
        assertThat(response.text()).doesNotContain(TestHost.SECRET).doesNotContain("revoked");
        assertThat(response.headers().toString()).doesNotContain(TestHost.SECRET);
        assertThat(host.counted.get()).isEqualTo(before);
        assertThat(output.getAll()).contains(ReliabilityApp.DENY_REASON);
    }

    @Test
    void aThrowingHookIsAnOpaque500AndTheServerGoesOn() throws Exception {
        RawHttp.Response response = raw(COUNT, with(COUNT_HEADERS, "X-Throw: yes", "Authorization: Bearer tok-123"));
        assertThat(response.status()).isEqualTo(500);
        assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32603);
        assertThat(WireChecks.leak(response.text(), "")).isNull();
        assertThat(response.text()).doesNotContain("tok-123");
        RawHttp.Response thrownBody = raw(COUNT, with(COUNT_HEADERS, "X-Body-Throw: yes"));
        assertThat(thrownBody.status()).isEqualTo(500);
        assertThat(WireChecks.leak(thrownBody.text(), "")).isNull();
        assertThat(raw(COUNT, COUNT_HEADERS).status()).isEqualTo(200);
    }

    @Test
    void aThrowingHookLogsNoHeaderValueAndNoBody(CapturedOutput output) throws Exception {
        raw(COUNT, with(COUNT_HEADERS, "X-Throw: yes", "Authorization: Bearer tok-123-" + TestHost.SECRET));
        raw(COUNT.replace("count", "count\",\"x\":\"body-" + TestHost.SECRET), with(COUNT_HEADERS, "X-Body-Throw: yes"));
        assertThat(output.getAll()).contains("McpAuthorizer failed").doesNotContain("tok-123")
                .doesNotContain("body-" + TestHost.SECRET).doesNotContain(TestHost.SECRET);
        // what the operator needs is there: each failure's class, its causes' and where they were thrown
        assertThat(output.getAll()).contains("java.lang.IllegalStateException\n")
                .contains("Caused by: java.io.UncheckedIOException\n").contains("Caused by: java.io.IOException\n")
                .contains("at io.beammcp.reliability.ReliabilityApp");
    }

    @Test
    void authorizeBodySeesTheExactBytes() throws Exception {
        // odd spacing and an escaped character: the body authorizer's refusal proves it read this body, and a
        // body whose bytes differ from what a re-encoding would produce is still served
        String body = "{ \"jsonrpc\" : \"2.0\",\"id\":1 ,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{\"text\":\"gr\\u00fc\u00dfe\"}," + CoreClient.META + "}}\n";
        RawHttp.Response served = raw(body, modernHeaders("tools/call", "echo"));
        assertThat(served.status()).isEqualTo(200);
        assertThat(served.json().at("/result/content/0/text").asString()).isEqualTo("gr\u00fc\u00dfe");
        assertThat(raw(body, with(modernHeaders("tools/call", "echo"), "X-Body-Deny: yes")).status()).isEqualTo(403);
    }

    /** A body of exactly {@code size} bytes that itself holds a whole HTTP request calling the count tool. */
    private byte[] smugglingBody(int size) {
        String inner = CoreClient.modernMessage(99, "tools/call", "\"name\":\"count\"");
        String request = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\n"
                + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\nMcp-Name: count\r\nContent-Length: "
                + inner.length() + "\r\n\r\n" + inner;
        byte[] body = new byte[size];
        Arrays.fill(body, (byte) ' ');
        byte[] r = request.getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(r, 0, body, size - r.length, r.length);
        return body;
    }

    @ParameterizedTest
    @ValueSource(ints = {16 * 1024, 1024 * 1024})
    void aRefusalBeforeTheBodyClosesTheConnectionSoTheUnreadBodyNeverRunsAsARequest(int size) throws Exception {
        int before = host.counted.get();
        for (String refusal : new String[] {"X-Deny: yes", "Origin: http://evil.example.com"}) {
            try (RawHttp raw = new RawHttp(port, 5_000)) {
                byte[] body = smugglingBody(size);
                // the refusal comes on the head; read it before the body is written, since a server that has
                // closed may reset the connection under a client still writing, and the answer with it
                raw.send(raw.head(body.length, with(COUNT_HEADERS, refusal)));
                RawHttp.Response response = raw.read();
                assertThat(response.status()).isEqualTo(403);
                assertThat(response.closes()).isTrue();
                try {
                    raw.send(body);
                } catch (IOException closed) {
                    // the server closed before the body arrived, as it should
                }
                assertThat(raw.closedByServer(5_000)).isTrue();
            }
        }
        Thread.sleep(300);
        assertThat(host.counted.get()).isEqualTo(before);
    }

    @ParameterizedTest
    @ValueSource(ints = {16 * 1024, 1024 * 1024})
    void aRefusalAfterTheWholeBodyKeepsTheConnectionAndTheNextRequestIsServed(int size) throws Exception {
        byte[] body = new byte[size];
        Arrays.fill(body, (byte) ' ');
        byte[] json = COUNT.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(json, 0, body, 0, json.length);
        int before = host.counted.get();
        try (RawHttp raw = new RawHttp(port, 5_000)) {
            raw.post(body, with(COUNT_HEADERS, "X-Body-Deny: yes"));
            RawHttp.Response refused = raw.read();
            assertThat(refused.status()).isEqualTo(403);
            assertThat(refused.closes()).isFalse();
            // a core refusal after a whole body of the same size (an unknown method, 404): also kept; a 400 is
            // not used here because Tomcat closes every connection after a 400 whatever the application says
            byte[] unknown = body.clone();
            byte[] json404 = CoreClient.modernMessage(3, "unknown/method", null).getBytes(StandardCharsets.UTF_8);
            Arrays.fill(unknown, (byte) ' ');
            System.arraycopy(json404, 0, unknown, 0, json404.length);
            raw.post(unknown, modernHeaders("unknown/method", null));
            RawHttp.Response notFound = raw.read();
            assertThat(notFound.status()).isEqualTo(404);
            assertThat(notFound.closes()).isFalse();
            raw.post(CoreClient.modernMessage(2, "tools/call", "\"name\":\"count\""), COUNT_HEADERS);
            RawHttp.Response served = raw.read();
            assertThat(served.status()).isEqualTo(200);
            assertThat(served.json().get("id").asInt()).isEqualTo(2);
        }
        assertThat(host.counted.get()).isEqualTo(before + 1);
    }
}
