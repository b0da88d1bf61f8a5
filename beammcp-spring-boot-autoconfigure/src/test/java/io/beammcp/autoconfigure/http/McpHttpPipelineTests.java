package io.beammcp.autoconfigure.http;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The steps before the core, in their order: Origin and Host (403 before anything else), the method
 * (405), the {@code authorize} hook on headers and peer (403 opaque, 500 when it fails), the
 * {@code authorizeBody} hook on the exact bytes.
 */
@ExtendWith(OutputCaptureExtension.class)
class McpHttpPipelineTests extends EndpointTestSupport {

    private static final String FORBIDDEN = "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Forbidden\"}}";
    private static final String INTERNAL = "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32603,\"message\":\"Internal error\"}}";

    private HttpResponse<String> listWith(String... headers) throws Exception {
        return post(modern(1, "tools/list", ""), with(modernHeaders("tools/list", null), headers));
    }

    // ---- Origin and Host ----------------------------------------------------------------------------

    @Test
    void allowedOriginsAreAdmittedAndOthersRefused() throws Exception {
        assertThat(listWith().statusCode()).as("no Origin").isEqualTo(200);
        assertThat(listWith("Origin", "http://localhost:" + port).statusCode()).isEqualTo(200);
        assertThat(listWith("Origin", "http://localhost:1").statusCode()).as("port wildcard").isEqualTo(200);
        assertThat(listWith("Origin", "http://LOCALHOST:8080").statusCode()).isEqualTo(200);
        assertThat(listWith("Origin", "https://app.example.com").statusCode()).isEqualTo(200);
        assertThat(listWith("Origin", "https://app.example.com:443").statusCode()).as("default port").isEqualTo(200);
        assertThat(listWith("Origin", "https://app.example.com:8443").statusCode()).isEqualTo(403);
        assertThat(listWith("Origin", "http://app.example.com").statusCode()).as("scheme").isEqualTo(403);
        assertThat(listWith("Origin", "https://app.example.com.evil.example").statusCode()).isEqualTo(403);
        assertThat(listWith("Origin", "http://localhost.evil.example:80").statusCode()).isEqualTo(403);
        assertThat(listWith("Origin", "null").statusCode()).isEqualTo(403);
        assertThat(listWith("Origin", "not an origin").statusCode()).isEqualTo(403);
    }

    @Test
    void everyOriginValueMustBeAllowed() throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            raw.post(modern(1, "tools/list", ""), "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/list",
                    "Origin: https://app.example.com", "Origin: http://evil.example.com");
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(403);
            assertThat(response.json()).isEqualTo(JSON.readTree(FORBIDDEN));
        }
    }

    @Test
    void onLoopbackTheHostMustNameLoopback() throws Exception {
        for (String host : new String[] { "localhost:" + port, "127.0.0.1:" + port, "[::1]:" + port, "LocalHost",
                "127.0.0.1" }) {
            assertThat(statusWithHost(host, null)).as(host).isEqualTo(200);
        }
        for (String host : new String[] { "evil.example.com", "evil.example.com:" + port, "localhost.evil.example",
                "127.0.0.1.nip.io:" + port, "[::2]:" + port }) {
            assertThat(statusWithHost(host, null)).as(host).isEqualTo(403);
        }
    }

    @Test
    void dnsRebindingProbeIsRefusedAndTheValidOneAccepted() throws Exception {
        // the conformance suite's dns-rebinding-protection scenario, both revisions
        assertThat(statusWithHost("evil.example.com", "http://evil.example.com")).isEqualTo(403);
        assertThat(statusWithHost("localhost:" + port, "http://localhost:" + port)).isEqualTo(200);
        assertThat(statusWithHost("127.0.0.1:" + port, "http://127.0.0.1:" + port))
                .as("http://127.0.0.1 is not among this test's allowed origins").isEqualTo(403);
    }

    private int statusWithHost(String host, String origin) throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            byte[] body = modern(1, "server/discover", "").getBytes(StandardCharsets.UTF_8);
            raw.send("POST /mcp HTTP/1.1\r\nHost: " + host + "\r\n" + (origin == null ? "" : "Origin: " + origin + "\r\n")
                    + "Content-Type: application/json\r\nMCP-Protocol-Version: 2026-07-28\r\n"
                    + "Mcp-Method: server/discover\r\nContent-Length: " + body.length + "\r\n\r\n");
            raw.send(body);
            return raw.read().status();
        }
    }

    @Test
    void originIsCheckedBeforeTheMethod() throws Exception {
        HttpResponse<String> response = send(HttpRequest.newBuilder(endpoint()).GET(), "Origin", "http://evil.example.com");
        assertThat(response.statusCode()).isEqualTo(403);
    }

    // ---- authorize ----------------------------------------------------------------------------------

    @Test
    void authorizeRefusalIs403OpaqueAndTheReasonGoesOnlyToTheLog(CapturedOutput output) throws Exception {
        int before = HttpTestHost.COUNTED.get();
        HttpResponse<String> response = post(modern(1, "tools/call", "\"name\":\"count\""),
                with(modernHeaders("tools/call", "count"), "X-Test-Deny", "yes"));
        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(json(response)).isEqualTo(JSON.readTree(FORBIDDEN));
        assertThat(response.body()).doesNotContain("7f3a").doesNotContain("revoked");
        assertThat(response.headers().map().toString()).doesNotContain("7f3a");
        assertThat(HttpTestHost.COUNTED.get()).isEqualTo(before);
        assertThat(output).contains(HttpTestHost.SECRET_REASON);
    }

    @Test
    void authorizeRunsBeforeTheBodyIsRead() throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            // a body is announced but never sent: only the headers can have been judged
            raw.sendHead("POST", "Content-Type: application/json", "X-Test-Deny: yes", "Content-Length: 1000");
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(403);
            assertThat(response.closes()).isTrue();
            assertThat(raw.closedByServer(5_000)).isTrue();
        }
    }

    @Test
    void failingAuthorizeIs500WithoutDetail(CapturedOutput output) throws Exception {
        HttpResponse<String> thrown = listWith("X-Test-Throw", "yes");
        assertThat(thrown.statusCode()).isEqualTo(500);
        assertThat(json(thrown)).isEqualTo(JSON.readTree(INTERNAL));
        assertThat(thrown.body()).doesNotContain("vault").doesNotContain("9c1b").doesNotContain("Exception");
        HttpResponse<String> nothing = listWith("X-Test-Null", "yes");
        assertThat(nothing.statusCode()).isEqualTo(500);
        assertThat(json(nothing)).isEqualTo(JSON.readTree(INTERNAL));
        assertThat(output).contains("The McpAuthorizer failed").contains("java.lang.IllegalStateException\n")
                .contains("at io.beammcp.autoconfigure.http.HttpTestHost").doesNotContain("9c1b");
    }

    @Test
    void authorizeSeesHeadersAndPeerOfDeleteToo() throws Exception {
        String session = openSession();
        HttpResponse<String> refused = send(HttpRequest.newBuilder(endpoint()).DELETE(), "Mcp-Session-Id", session,
                "X-Test-Deny", "yes");
        assertThat(refused.statusCode()).isEqualTo(403);
        HttpResponse<String> stillThere = post(legacy(1, "ping", null), "Mcp-Session-Id", session,
                "MCP-Protocol-Version", LEGACY);
        assertThat(stillThere.statusCode()).isEqualTo(200);
    }

    // ---- authorizeBody ------------------------------------------------------------------------------

    @Test
    void authorizeBodyVerifiesAnHmacOverTheExactBytes() throws Exception {
        // odd spacing, an escaped character and a non-ASCII one: any re-encoding would break the signature
        String body = "{ \"jsonrpc\" : \"2.0\",\"id\":1 ,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{\"text\":\"gr\u00fc\\u00dfe\"}," + META + "}}\n";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String[] headers = modernHeaders("tools/call", "echo");
        HttpResponse<String> signed = post(body, with(headers, "X-Signature", HttpTestHost.signature(bytes)));
        assertThat(signed.statusCode()).isEqualTo(200);
        assertThat(json(signed).at("/result/content/0/text").stringValue()).isEqualTo("gr\u00fc\u00dfe");
        byte[] other = body.replace("gr", "Gr").getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> forged = post(body, with(headers, "X-Signature", HttpTestHost.signature(other)));
        assertThat(forged.statusCode()).isEqualTo(403);
        assertThat(json(forged)).isEqualTo(JSON.readTree(FORBIDDEN));
    }

    @Test
    void failingAuthorizeBodyIs500WithoutDetail(CapturedOutput output) throws Exception {
        HttpResponse<String> response = listWith("X-Test-Body-Throw", "yes");
        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(json(response)).isEqualTo(JSON.readTree(INTERNAL));
        assertThat(output).contains("The McpBodyAuthorizer failed").contains("java.lang.IllegalStateException\n")
                .doesNotContain("9c1b");
    }

    @Test
    void authorizeBodyRefusalKeepsTheConnection() throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            raw.post(modern(1, "tools/list", ""), "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/list",
                    "X-Signature: 00");
            RawHttp.Response refused = raw.read();
            assertThat(refused.status()).isEqualTo(403);
            assertThat(refused.closes()).isFalse();
            raw.post(modern(2, "tools/list", ""), "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/list");
            RawHttp.Response served = raw.read();
            assertThat(served.status()).isEqualTo(200);
            assertThat(served.json().get("id").asInt()).isEqualTo(2);
        }
    }
}
