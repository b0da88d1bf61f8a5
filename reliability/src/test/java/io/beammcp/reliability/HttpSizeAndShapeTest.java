package io.beammcp.reliability;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** Size and shape of an HTTP body against the live pipeline (1 MiB cap, 1 s deadline). */
@Timeout(60)
class HttpSizeAndShapeTest extends LiveServer {

    private static final String[] LIST = modernHeaders("tools/list", null);

    private static String modernList(int id) {
        return CoreClient.modernMessage(id, "tools/list", null);
    }

    @Test
    void aDeclaredLengthOneByteOverTheCapIs413BeforeAnyByteIsRead() throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            long start = System.nanoTime();
            raw.send(raw.head(MIB + 1, LIST));
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(413);
            assertThat(response.closes()).isTrue();
            assertThat(raw.closedByServer(5_000)).isTrue();
            assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(900);
        }
    }

    @Test
    void aBodyOfExactlyTheCapIsServedAndOneByteMoreIsNot() throws Exception {
        byte[] body = new byte[MIB];
        Arrays.fill(body, (byte) ' ');
        byte[] json = modernList(7).getBytes(StandardCharsets.UTF_8);
        System.arraycopy(json, 0, body, 0, json.length);
        try (RawHttp raw = new RawHttp(port)) {
            raw.post(body, LIST);
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.json().get("id").asInt()).isEqualTo(7);
        }
        byte[] over = Arrays.copyOf(body, MIB + 1);
        over[MIB] = ' ';
        try (RawHttp raw = new RawHttp(port)) {
            try {
                raw.post(over, LIST);
            } catch (SocketException e) {
                // the server may answer 413 and close before the last bytes are sent; its answer is read all the same
            }
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(413);
            assertThat(response.closes()).isTrue();
        }
    }

    @Test
    void nestingOf64IsServedAnd65IsA400ParseError() throws Exception {
        String ok = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"x\":" + "[".repeat(62)
                + "]".repeat(62) + "," + CoreClient.META + "}}";
        assertThat(raw(ok, LIST).status()).isEqualTo(200);
        String deep = ok.replace("[".repeat(62), "[".repeat(63)).replace("]".repeat(62), "]".repeat(63));
        RawHttp.Response refused = raw(deep, LIST);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().at("/error/code").asInt()).isEqualTo(-32700);
        assertThat(refused.json().has("id")).isFalse();
    }

    @Test
    void aNestingBombBodyIsA400NotA500() throws Exception {
        RawHttp.Response response = raw("[".repeat(500_000), LIST);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32700);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"jsonrpc\":\"2.0\",\"id\":1,\"\\u0069d\":2,\"method\":\"tools/list\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":{},\"_meta\":{}}}"})
    void aRepeatedKeyIsA400ParseErrorWithoutId(String body) throws Exception {
        RawHttp.Response response = raw(body, LIST);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32700);
        assertThat(response.json().has("id")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " \r\n ", "nul", "{", "[]", "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]", "42",
            "\"tools/list\"", "true", "null"})
    void emptyInvalidArrayAndScalarBodiesAre400WithoutId(String body) throws Exception {
        RawHttp.Response response = raw(body, LIST);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().at("/error/code").asInt()).isIn(-32700, -32600);
        assertThat(response.json().has("id")).isFalse();
        assertThat(WireChecks.problem(response.text(), body)).isNull();
    }

    @Test
    void bothContentLengthAndChunkedAreNeverReadTwoWays() throws Exception {
        // CL.TE: a front end honouring Content-Length and a back end honouring chunked would disagree on
        // where the next request starts; here the smuggled tail must never run as a request
        String smuggled = CoreClient.modernMessage(9, "tools/call", "\"name\":\"count\"");
        String body = "0\r\n\r\nPOST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\n"
                + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\nMcp-Name: count\r\nContent-Length: "
                + smuggled.length() + "\r\n\r\n" + smuggled;
        int before = host.counted.get();
        try (RawHttp raw = new RawHttp(port, 5_000)) {
            raw.send("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\n"
                    + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/list\r\nContent-Length: " + body.length()
                    + "\r\nTransfer-Encoding: chunked\r\n\r\n" + body);
            RawHttp.Response first = raw.read();
            assertThat(first.status()).isBetween(400, 499);
            assertThat(raw.closedByServer(3_000)).isTrue();
        }
        Thread.sleep(200);
        assertThat(host.counted.get()).isEqualTo(before);
    }

    /**
     * Broken framing is refused by the container before the endpoint: 4xx, except an unknown transfer coding,
     * which RFC 9112 section 6.1 answers with 501 (the one container 5xx, documented in THREATS.md).
     */
    @ParameterizedTest
    @ValueSource(strings = {"Content-Length: abc", "Content-Length: -1", "Content-Length: 1, 2",
            "Content-Length: 10\r\nContent-Length: 11", "Transfer-Encoding: gzip", "Transfer-Encoding: chunked, identity"})
    void malformedFramingIsRefusedAndNeverAHang(String framing) throws Exception {
        try (RawHttp raw = new RawHttp(port, 5_000)) {
            long start = System.nanoTime();
            raw.send("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\n"
                    + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/list\r\n" + framing + "\r\n\r\n"
                    + modernList(1));
            RawHttp.Response response = raw.read();
            if (framing.startsWith("Transfer-Encoding: gzip")) {
                assertThat(response.status()).isEqualTo(501);
            } else {
                assertThat(response.status()).as(framing).isBetween(400, 499);
            }
            assertThat(host.counted).hasValue(host.counted.get());
            assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(3_000);
        }
    }
}
