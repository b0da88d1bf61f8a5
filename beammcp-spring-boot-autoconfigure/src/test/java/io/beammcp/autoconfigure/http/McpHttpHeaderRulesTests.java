package io.beammcp.autoconfigure.http;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The 2026-07-28 header rules on the wire, each with a good and a hostile value, including repeated
 * headers (sent as separate header lines over a raw socket, where every value must pass, not just the
 * first); and the legacy rules: {@code MCP-Protocol-Version} against the session (the revision it
 * negotiated, 2025-06-18 or later, or none at all), the modern headers ignored. Every mismatch is 400 with
 * {@code -32020} and the request's id.
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

    private static void assertMismatch(HttpResponse<String> response, int id) {
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(json(response).get("id").asInt()).isEqualTo(id);
        assertThat(code(response)).isEqualTo(-32020);
    }

    // ---- MCP-Protocol-Version -----------------------------------------------------------------------

    @Test
    void protocolVersionHeaderMustEqualTheMetaVersion() throws Exception {
        assertThat(post(modern(1, "tools/list", ""), modernHeaders("tools/list", null)).statusCode()).isEqualTo(200);
        assertMismatch(post(modern(2, "tools/list", ""), "MCP-Protocol-Version", LEGACY, "Mcp-Method", "tools/list"), 2);
        assertMismatch(post(modern(3, "tools/list", ""), "MCP-Protocol-Version", "2026-07-29",
                "Mcp-Method", "tools/list"), 3);
    }

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

    @Test
    void protocolVersionIsNeverBase64Decoded() throws Exception {
        // "2026-07-28" in the sentinel form: the form is allowed only on Mcp-Name and Mcp-Param-*
        assertMismatch(post(modern(5, "tools/list", ""), "MCP-Protocol-Version", "=?base64?MjAyNi0wNy0yOA==?=",
                "Mcp-Method", "tools/list"), 5);
    }

    // ---- Mcp-Method ---------------------------------------------------------------------------------

    @Test
    void methodHeaderMustEqualTheMethodExactly() throws Exception {
        assertThat(post(modern(1, "tools/list", ""), "MCP-Protocol-Version", MODERN, "mcp-method", "tools/list")
                .statusCode()).isEqualTo(200);
        assertMismatch(post(modern(2, "tools/list", ""), modernHeaders("TOOLS/LIST", null)), 2);
        assertMismatch(post(modern(3, "tools/list", ""), "MCP-Protocol-Version", MODERN), 3);
        assertMismatch(post(modern(4, "tools/list", ""), modernHeaders("=?base64?dG9vbHMvbGlzdA==?=", null)), 4);
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
    void nameHeaderMustEqualTheToolName() throws Exception {
        HttpResponse<String> good = post(echoCall(1, "hi"), modernHeaders("tools/call", "echo"));
        assertThat(good.statusCode()).isEqualTo(200);
        assertThat(json(good).at("/result/content/0/text").stringValue()).isEqualTo("hi");
        assertMismatch(post(echoCall(2, "hi"), modernHeaders("tools/call", "count")), 2);
        assertMismatch(post(echoCall(3, "hi"), modernHeaders("tools/call", null)), 3);
        assertMismatch(post(echoCall(4, "hi"), modernHeaders("tools/call", "Echo")), 4);
    }

    @Test
    void nameHeaderInCanonicalBase64IsDecoded() throws Exception {
        assertThat(post(echoCall(1, "hi"), modernHeaders("tools/call", CONTENT_ENCODED_ECHO)).statusCode())
                .isEqualTo(200);
        assertThat(raw(echoCall(2, "hi"), "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/call",
                "Mcp-Name:   echo  ").status()).isEqualTo(200);
    }

    @Test
    void nameHeaderInNonCanonicalOrMalformedBase64IsRefused() throws Exception {
        assertMismatch(post(echoCall(1, "hi"), modernHeaders("tools/call", "=?base64?ZWNobw?=")), 1);
        assertMismatch(post(echoCall(2, "hi"), modernHeaders("tools/call", "=?base64?ZW!!Nobw==?=")), 2);
        // upper-case markers are not the sentinel: compared literally, and unequal
        assertMismatch(post(echoCall(3, "hi"), modernHeaders("tools/call", "=?BASE64?ZWNobw==?=")), 3);
        assertMismatch(post(echoCall(4, "hi"), modernHeaders("tools/call", "ZWNobw==")), 4);
    }

    @Test
    void nameHeaderWithCharactersOutsideVisibleAsciiIsRefused() throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            byte[] body = echoCall(5, "hi").getBytes(java.nio.charset.StandardCharsets.UTF_8);
            raw.send("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + body.length + "\r\nMCP-Protocol-Version: 2026-07-28\r\n"
                    + "Mcp-Method: tools/call\r\nMcp-Name: ech\u00e9\r\n\r\n");
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

    @Test
    void nameHeaderMustEqualThePromptName() throws Exception {
        String body = modern(1, "prompts/get", "\"name\":\"greet\",\"arguments\":{\"who\":\"Ada\"}");
        HttpResponse<String> good = post(body, modernHeaders("prompts/get", "greet"));
        assertThat(good.statusCode()).isEqualTo(200);
        assertThat(json(good).at("/result/messages/0/content/text").stringValue()).isEqualTo("Hello, Ada");
        assertMismatch(post(body.replace("\"id\":1", "\"id\":2"), modernHeaders("prompts/get", "greeting")), 2);
        assertMismatch(post(body.replace("\"id\":1", "\"id\":3"), modernHeaders("prompts/get", null)), 3);
    }

    @Test
    void nameHeaderMustEqualTheResourceUriAndCarriesNonAsciiInBase64() throws Exception {
        String uri = HttpTestHost.NOTES_URI;
        String encoded = "=?base64?" + java.util.Base64.getEncoder()
                .encodeToString(uri.getBytes(java.nio.charset.StandardCharsets.UTF_8)) + "?=";
        String body = modern(1, "resources/read", "\"uri\":\"" + uri + "\"");
        HttpResponse<String> good = post(body, modernHeaders("resources/read", encoded));
        assertThat(good.statusCode()).isEqualTo(200);
        assertThat(json(good).at("/result/contents/0/text").stringValue()).isEqualTo("remember");
        assertMismatch(post(body, modernHeaders("resources/read", "file:///notes/cafe.txt")), 1);
        assertMismatch(post(body, modernHeaders("resources/read", null)), 1);
        try (RawHttp raw = new RawHttp(port)) {
            // the URI sent raw: é is outside visible ASCII
            byte[] bytes = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            raw.send("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + bytes.length + "\r\nMCP-Protocol-Version: 2026-07-28\r\n"
                    + "Mcp-Method: resources/read\r\nMcp-Name: " + uri + "\r\n\r\n");
            raw.send(bytes);
            assertMismatch(raw.read(), 1);
        }
    }

    // ---- Mcp-Param-* (x-mcp-header) -----------------------------------------------------------------

    private static String regional(int id, String arguments) {
        return modern(id, "tools/call", "\"name\":\"regional\",\"arguments\":" + arguments);
    }

    @Test
    void markedArgumentNeedsItsParamHeaderWithTheExactValue() throws Exception {
        String[] headers = modernHeaders("tools/call", "regional");
        HttpResponse<String> good = post(regional(1, "{\"region\":\"eu-west-1\"}"),
                with(headers, "Mcp-Param-Region", "eu-west-1"));
        assertThat(good.statusCode()).isEqualTo(200);
        assertThat(json(good).at("/result/content/0/text").stringValue()).isEqualTo("eu-west-1");
        assertMismatch(post(regional(2, "{\"region\":\"eu-west-1\"}"), headers), 2);
        assertMismatch(post(regional(3, "{\"region\":\"eu-west-1\"}"), with(headers, "Mcp-Param-Region", "us-east-1")), 3);
        assertMismatch(post(regional(4, "{\"region\":\"eu-west-1\"}"), with(headers, "Mcp-Param-Region", "EU-WEST-1")), 4);
    }

    @Test
    void paramHeaderMayUseCanonicalBase64() throws Exception {
        String[] headers = modernHeaders("tools/call", "regional");
        assertThat(post(regional(1, "{\"region\":\"eu-west-1\"}"),
                with(headers, "Mcp-Param-Region", "=?base64?ZXUtd2VzdC0x?=")).statusCode()).isEqualTo(200);
        assertMismatch(post(regional(2, "{\"region\":\"eu-west-1\"}"),
                with(headers, "Mcp-Param-Region", "=?base64?ZXUtd2VzdC0x=?=")), 2);
    }

    @Test
    void integerParamHeaderIsComparedAsANumber() throws Exception {
        String[] headers = modernHeaders("tools/call", "regional");
        assertThat(post(regional(1, "{\"size\":3}"), with(headers, "Mcp-Param-Size", "3")).statusCode())
                .isEqualTo(200);
        assertMismatch(post(regional(2, "{\"size\":3}"), with(headers, "Mcp-Param-Size", "4")), 2);
        assertMismatch(post(regional(3, "{\"size\":3}"), with(headers, "Mcp-Param-Size", "3.0")), 3);
    }

    @Test
    void everyParamValueIsChecked() throws Exception {
        String body = regional(5, "{\"region\":\"eu-west-1\"}");
        assertThat(raw(body, "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/call", "Mcp-Name: regional",
                "Mcp-Param-Region: eu-west-1", "mcp-param-region: eu-west-1").status()).isEqualTo(200);
        assertMismatch(raw(body, "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/call", "Mcp-Name: regional",
                "Mcp-Param-Region: eu-west-1", "Mcp-Param-Region: us-east-1"), 5);
    }

    @Test
    void paramHeaderForAnAbsentArgumentIsTolerated() throws Exception {
        assertThat(post(regional(1, "{}"), with(modernHeaders("tools/call", "regional"), "Mcp-Param-Region", "x"))
                .statusCode()).isEqualTo(200);
    }

    // ---- notifications and legacy -------------------------------------------------------------------

    @Test
    void modernNotificationNeedsNoMethodHeader() throws Exception {
        HttpResponse<String> response = post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{"
                + META + "}}", "MCP-Protocol-Version", MODERN);
        assertThat(response.statusCode()).isEqualTo(202);
    }

    @Test
    void legacyRequestsIgnoreTheModernHeaders() throws Exception {
        String session = openSession();
        HttpResponse<String> response = post(legacy(1, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"text\":\"x\"}}"),
                "Mcp-Session-Id", session, "MCP-Protocol-Version", LEGACY, "Mcp-Method", "tools/list",
                "Mcp-Name", "count");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(json(response).at("/result/content/0/text").stringValue()).isEqualTo("x");
    }

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

    /** Opens a session that negotiated {@code revision}, without a version header (none exists yet). */
    private String openSession(String revision) throws Exception {
        HttpResponse<String> init = post(legacy(0, "initialize", "{\"protocolVersion\":\"" + revision
                + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}"));
        assertThat(json(init).at("/result/protocolVersion").stringValue()).isEqualTo(revision);
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(post(notification("notifications/initialized"), "Mcp-Session-Id", session).statusCode())
                .isEqualTo(202);
        return session;
    }

    @Test
    void a20250618SessionCarriesItsOwnVersionOrNone() throws Exception {
        String session = openSession("2025-06-18");
        String list = legacy(1, "tools/list", null);
        assertThat(post(list, "Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-06-18").statusCode())
                .isEqualTo(200);
        assertThat(post(list, "Mcp-Session-Id", session).statusCode()).isEqualTo(200);
        HttpResponse<String> latest = post(list, "Mcp-Session-Id", session, "MCP-Protocol-Version", LEGACY);
        assertThat(latest.statusCode()).isEqualTo(400);
        assertThat(code(latest)).isEqualTo(-32600);
    }

    @Test
    void a20250326SessionNeedsNoVersionHeaderAndRefusesAnotherOne() throws Exception {
        String session = openSession("2025-03-26");
        String list = legacy(1, "tools/list", null);
        HttpResponse<String> without = post(list, "Mcp-Session-Id", session);
        assertThat(without.statusCode()).isEqualTo(200);
        assertThat(json(without).at("/result/tools").isArray()).isTrue();
        assertThat(post(list, "Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-06-18").statusCode())
                .isEqualTo(400);
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
