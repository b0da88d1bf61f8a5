package io.beammcp.autoconfigure.http;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What HTTP adds to the header rules, whose meaning the core's {@code HttpRulesTest} pins value by value: the
 * values as the endpoint extracts them from the request (every line of a repeated header, sent as separate
 * lines over a raw socket, where every value must pass, not just the first; names in any case; spaces and
 * tabs stripped; bytes outside ASCII handed on to be refused), a legacy session's version header end to end,
 * and session ids on modern requests. A 2026-07-28 mismatch is 400 with {@code -32020} and the request's id.
 */
class McpHttpHeaderRulesTests extends EndpointTestSupport {

    private static final String CONTENT_ENCODED_ECHO = "=?base64?ZWNobw==?=";

    /** POSTs over a fresh raw connection with exactly these header lines. */
    private RawHttp.Response raw(String body, String... headerLines) throws IOException {
        try (RawHttp raw = new RawHttp(port)) {
            raw.post(body, headerLines);
            return raw.read();
        }
    }

    private static void assertMismatch(RawHttp.Response response, int id) {
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("id").asInt()).isEqualTo(id);
        assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32020);
    }

    // ---- MCP-Protocol-Version -----------------------------------------------------------------------

    @Test
    void everyProtocolVersionValueIsChecked() throws Exception {
        String body = modern(4, "tools/list", "");
        assertThat(raw(body, "MCP-Protocol-Version: 2026-07-28", "MCP-Protocol-Version: 2026-07-28",
                "Mcp-Method: tools/list").status()).isEqualTo(200);
        assertMismatch(raw(body, "MCP-Protocol-Version: 2026-07-28", "MCP-Protocol-Version: v999.0.0",
                "Mcp-Method: tools/list"), 4);
        assertMismatch(raw(body, "MCP-Protocol-Version: v999.0.0", "MCP-Protocol-Version: 2026-07-28",
                "Mcp-Method: tools/list"), 4);
    }

    // ---- Mcp-Method ---------------------------------------------------------------------------------

    @Test
    void headerNamesAreMatchedWhateverTheirCase() throws Exception {
        assertThat(post(modern(1, "tools/list", ""), "MCP-Protocol-Version", MODERN, "mcp-method", "tools/list")
                .statusCode()).isEqualTo(200);
    }

    @Test
    void methodHeaderValueIsStrippedOfSpacesAndTabs() throws Exception {
        assertThat(raw(modern(1, "tools/list", ""), "MCP-Protocol-Version: 2026-07-28",
                "MCP-METHOD: \t tools/list \t").status()).isEqualTo(200);
    }

    @Test
    void everyMethodValueIsChecked() throws Exception {
        String body = modern(5, "tools/list", "");
        assertThat(raw(body, "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/list", "Mcp-Method: tools/list")
                .status()).isEqualTo(200);
        assertMismatch(raw(body, "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/list",
                "Mcp-Method: tools/call"), 5);
        assertMismatch(raw(body, "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/call",
                "Mcp-Method: tools/list"), 5);
    }

    // ---- Mcp-Name -----------------------------------------------------------------------------------

    @Test
    void nameHeaderValueIsStrippedOfSpaces() throws Exception {
        assertThat(raw(echoCall(2, "hi"), "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/call",
                "Mcp-Name:   echo  ").status()).isEqualTo(200);
    }

    @Test
    void nameHeaderWithCharactersOutsideVisibleAsciiIsRefused() throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            byte[] body = echoCall(5, "hi").getBytes(java.nio.charset.StandardCharsets.UTF_8);
            raw.sendHead("POST", "Content-Type: application/json", "Content-Length: " + body.length,
                    "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/call", "Mcp-Name: ech\u00e9");
            raw.send(body);
            assertMismatch(raw.read(), 5);
        }
    }

    @Test
    void everyNameValueIsChecked() throws Exception {
        String body = echoCall(6, "hi");
        assertThat(raw(body, "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/call", "Mcp-Name: echo",
                "Mcp-Name: " + CONTENT_ENCODED_ECHO).status()).isEqualTo(200);
        assertMismatch(raw(body, "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/call", "Mcp-Name: echo",
                "Mcp-Name: count"), 6);
        assertMismatch(raw(body, "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/call", "Mcp-Name: count",
                "Mcp-Name: echo"), 6);
    }

    // ---- Mcp-Param-* (x-mcp-header) -----------------------------------------------------------------

    private static String regional(int id, String arguments) {
        return modern(id, "tools/call", "\"name\":\"regional\",\"arguments\":" + arguments);
    }

    @Test
    void everyParamValueIsChecked() throws Exception {
        String body = regional(5, "{\"region\":\"eu-west-1\"}");
        assertThat(raw(body, "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/call", "Mcp-Name: regional",
                "Mcp-Param-Region: eu-west-1", "mcp-param-region: eu-west-1").status()).isEqualTo(200);
        assertMismatch(raw(body, "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/call", "Mcp-Name: regional",
                "Mcp-Param-Region: eu-west-1", "Mcp-Param-Region: us-east-1"), 5);
    }

    // ---- legacy sessions and session ids -------------------------------------------------------------

    @Test
    void legacyVersionHeaderMustBeTheSessionVersion() throws Exception {
        String session = openSession();
        int before = HttpTestHost.COUNTED.get();
        String count = legacy(7, "tools/call", "{\"name\":\"count\",\"arguments\":{}}");
        HttpResponse<String> older = post(count, "Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-06-18");
        assertThat(older.statusCode()).isEqualTo(400);
        assertThat(json(older)).isEqualTo(JSON.readTree("{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32600,"
                + "\"message\":\"Bad Request: MCP-Protocol-Version does not match the session's protocol version\"}}"));
        RawHttp.Response repeated = raw(count, "Mcp-Session-Id: " + session, "MCP-Protocol-Version: 2025-11-25",
                "MCP-Protocol-Version: 2025-06-18");
        assertThat(repeated.status()).isEqualTo(400);
        assertThat(HttpTestHost.COUNTED.get()).isEqualTo(before);
        // absent: the session's negotiated version
        HttpResponse<String> absent = post(count, "Mcp-Session-Id", session);
        assertThat(absent.statusCode()).isEqualTo(200);
        assertThat(HttpTestHost.COUNTED.get()).isEqualTo(before + 1);
    }

    @Test
    void legacyNotificationWithAnotherVersionIs400WithoutBody() throws Exception {
        String session = openSession();
        HttpResponse<String> response = post(notification("notifications/cancelled"), "Mcp-Session-Id", session,
                "MCP-Protocol-Version", "2024-11-05");
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).isEmpty();
    }

    @Test
    void modernRequestsIgnoreSessionIds() throws Exception {
        String session = openSession();
        for (String id : new String[] { session, "unknown-session" }) {
            HttpResponse<String> response = post(modern(1, "tools/list", ""),
                    with(modernHeaders("tools/list", null), "Mcp-Session-Id", id));
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(json(response).at("/result/resultType").stringValue()).isEqualTo("complete");
            assertThat(response.headers().firstValue("Mcp-Session-Id")).isEmpty();
        }
    }
}
