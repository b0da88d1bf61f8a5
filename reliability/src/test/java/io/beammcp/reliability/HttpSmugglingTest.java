package io.beammcp.reliability;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** Header smuggling against the live pipeline, written byte by byte (headers a library client refuses to send). */
@Timeout(60)
class HttpSmugglingTest extends LiveServer {

    private static final String COUNT = CoreClient.modernMessage(1, "tools/call", "\"name\":\"count\"");

    /** A request whose head holds {@code headerBytes} verbatim, for bytes outside ASCII. */
    private RawHttp.Response withRawHeader(byte[] headerBytes, String body) throws Exception {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        head.writeBytes(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\n"
                + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\nContent-Length: " + bytes.length + "\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        head.writeBytes(headerBytes);
        head.writeBytes("\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        try (RawHttp raw = new RawHttp(port, 5_000)) {
            raw.send(head.toByteArray());
            raw.send(bytes);
            return raw.read();
        }
    }

    @Test
    void nonUtf8AndNonAsciiHeaderBytesAreRefusedBeforeHostCode() throws Exception {
        int before = host.counted.get();
        // "count" + UTF-8 'é', sent raw: whatever charset the container decodes it with, it is not "count"
        RawHttp.Response utf8 = withRawHeader(concat("Mcp-Name: count".getBytes(StandardCharsets.ISO_8859_1),
                new byte[] { (byte) 0xC3, (byte) 0xA9 }), COUNT);
        assertThat(utf8.status()).isEqualTo(400);
        assertThat(utf8.json().at("/error/code").asInt()).isEqualTo(-32020);
        // bytes that are not UTF-8 at all, after a correct value
        RawHttp.Response latin = withRawHeader(concat("Mcp-Name: count".getBytes(StandardCharsets.ISO_8859_1),
                new byte[] { (byte) 0xFF, (byte) 0x80 }), COUNT);
        assertThat(latin.status()).isEqualTo(400);
        assertThat(host.counted.get()).isEqualTo(before);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Mcp-Name: count\u0000", "Mcp-Name: co\u0001unt", "Mcp-Name: count\r\n x",
            "Mcp-Name: count\r\n\tcount", "Mcp-Name : count"})
    void controlCharactersAndFoldedHeadersAreRefusedBeforeHostCode(String line) throws Exception {
        int before = host.counted.get();
        RawHttp.Response response = withRawHeader(line.getBytes(StandardCharsets.ISO_8859_1), COUNT);
        assertThat(response.status()).as(line).isBetween(400, 499);
        assertThat(host.counted.get()).isEqualTo(before);
    }

    @Test
    void aGoodHeaderThenAHostileRepeatIsRefusedOnTheWire() throws Exception {
        int before = host.counted.get();
        assertThat(raw(COUNT, "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/call", "Mcp-Method: tools/list",
                "Mcp-Name: count").status()).isEqualTo(400);
        assertThat(raw(COUNT, "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/call", "Mcp-Name: count",
                "mcp-name: echo").status()).isEqualTo(400);
        assertThat(raw(COUNT, "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/call, tools/list",
                "Mcp-Name: count").status()).isEqualTo(400);
        assertThat(raw(COUNT, "MCP-Protocol-Version: 2026-07-28", "MCP-Protocol-Version: 2025-11-25",
                "Mcp-Method: tools/call", "Mcp-Name: count").status()).isEqualTo(400);
        assertThat(host.counted.get()).isEqualTo(before);
        // the same headers once each are served
        RawHttp.Response served = raw(COUNT, modernHeaders("tools/call", "count"));
        assertThat(served.status()).isEqualTo(200);
        assertThat(host.counted.get()).isEqualTo(before + 1);
    }

    @Test
    void integerParamHeadersAt2To53PlusOneCompareExactlyOnTheWire() throws Exception {
        String call = CoreClient.modernMessage(1, "tools/call", "\"name\":\"regional\",\"arguments\":{\"size\":9007199254740993}");
        String[] headers = modernHeaders("tools/call", "regional");
        assertThat(raw(call, with(headers, "Mcp-Param-Size: 9007199254740993")).status()).isEqualTo(200);
        assertThat(raw(call, with(headers, "Mcp-Param-Size: 9007199254740992")).status()).isEqualTo(400);
        assertThat(raw(call, with(headers, "Mcp-Param-Size: 0009007199254740993")).status()).isEqualTo(200);
    }

    @Test
    void anIntegerWrittenAsADecimalCannotSmuggleAnotherHeaderValue() throws Exception {
        String call = CoreClient.modernMessage(1, "tools/call", "\"name\":\"regional\",\"arguments\":{\"size\":42.0}");
        RawHttp.Response response = raw(call, with(modernHeaders("tools/call", "regional"), "Mcp-Param-Size: 7"));
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32020);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = new byte[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
