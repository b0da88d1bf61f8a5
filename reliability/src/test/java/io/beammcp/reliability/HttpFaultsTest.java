package io.beammcp.reliability;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** Host faults and what the operator's log may hold, over the live HTTP pipeline. */
@Timeout(60)
@ExtendWith(OutputCaptureExtension.class)
class HttpFaultsTest extends LiveServer {

    private static final String HDR = "HDRVAL-41e7";
    private static final String BODY = "BODYVAL-83aa";

    @Test
    void aHostExceptionIs200WithAnOpaqueInternalErrorAndTheConnectionServesOn() throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            raw.post(CoreClient.modernMessage(1, "tools/call", "\"name\":\"boom\",\"arguments\":{\"x\":\"" + FaultsTest.ARG
                    + "\"}"), modernHeaders("tools/call", "boom"));
            RawHttp.Response fault = raw.read();
            assertThat(fault.status()).isEqualTo(200);
            assertThat(fault.json().at("/error/code").asInt()).isEqualTo(-32603);
            assertThat(fault.json().get("id").asInt()).isEqualTo(1);
            assertThat(WireChecks.leak(fault.text(), "")).isNull();
            assertThat(fault.text()).doesNotContain(FaultsTest.ARG);
            raw.post(CoreClient.modernMessage(2, "tools/call", "\"name\":\"unserialisable\""),
                    modernHeaders("tools/call", "unserialisable"));
            RawHttp.Response unserialisable = raw.read();
            assertThat(unserialisable.status()).isEqualTo(200);
            assertThat(unserialisable.json().at("/error/code").asInt()).isEqualTo(-32603);
            raw.post(CoreClient.modernMessage(3, "tools/call", "\"name\":\"count\""), modernHeaders("tools/call", "count"));
            assertThat(raw.read().json().get("id").asInt()).isEqualTo(3);
        }
    }

    @Test
    void theLibrarysLogLinesNeverCarryArgumentValuesHeaderValuesOrBodies(CapturedOutput output) throws Exception {
        String[] list = modernHeaders("tools/list", null);
        // header values that are refused, at every step of the pipeline
        raw(CoreClient.modernMessage(3, "tools/list", null), with(list, "Origin: http://" + HDR + ".example.com"));
        raw(CoreClient.modernMessage(4, "tools/list", null), "MCP-Protocol-Version: " + HDR, "Mcp-Method: tools/list");
        raw(CoreClient.modernMessage(5, "tools/call", "\"name\":\"count\""), modernHeaders("tools/call", HDR));
        raw(CoreClient.modernMessage(6, "tools/list", null), with(list, "Mcp-Session-Id: " + HDR, "Authorization: Bearer "
                + HDR, "Cookie: s=" + HDR));
        raw(CoreClient.legacyMessage(7, "tools/list", null), "Mcp-Session-Id: " + HDR);
        // bodies: unparseable, refused envelope, over the cap, a body the body authorizer refuses
        raw("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"" + BODY, list);
        raw("[\"" + BODY + "\"]", list);
        byte[] big = new byte[MIB + 10];
        Arrays.fill(big, (byte) 'x');
        try (RawHttp r = new RawHttp(port)) {
            r.send(r.head(big.length, list));
            r.read();
        }
        raw(CoreClient.modernMessage(9, "tools/list", "\"x\":\"" + BODY + "\""), with(list, "X-Body-Deny: yes"));
        Thread.sleep(200);
        assertThat(output.getAll()).doesNotContain(FaultsTest.ARG).doesNotContain(HDR).doesNotContain(BODY)
                .doesNotContain(TestHost.SECRET);
        // failing host code: its own exception is logged as thrown, and still nothing of the headers or body
        raw(CoreClient.modernMessage(1, "tools/call", "\"name\":\"boom\",\"arguments\":{\"x\":\"" + FaultsTest.ARG + "\"}"),
                with(modernHeaders("tools/call", "boom"), "X-Extra: " + HDR));
        raw(CoreClient.modernMessage(2, "resources/read", "\"uri\":\"test://broken\""),
                modernHeaders("resources/read", "test://broken"));
        Thread.sleep(200);
        assertThat(output.getAll()).contains("Tool 'boom' failed; the client got -32603", "disk " + TestHost.SECRET)
                .doesNotContain(HDR).doesNotContain(BODY);
    }
}
