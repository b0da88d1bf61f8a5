package io.beammcp.autoconfigure.http;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The status codes of one endpoint serving both revisions (the Streamable HTTP transport of 2026-07-28 and
 * 2025-11-25), one situation each, through the real server: the status, the media type and the exact
 * JSON-RPC body.
 */
class McpHttpStatusTests extends EndpointTestSupport {

    @Test
    void badOriginIs403WithAnOpaqueErrorWithoutId() throws Exception {
        int before = HttpTestHost.COUNTED.get();
        HttpResponse<String> response = post(modern(1, "tools/call", "\"name\":\"count\""),
                with(modernHeaders("tools/call", "count"), "Origin", "http://evil.example.com"));
        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(json(response)).isEqualTo(JSON.readTree(
                "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Forbidden\"}}"));
        assertThat(HttpTestHost.COUNTED.get()).isEqualTo(before);
    }

    @Test
    void badHostIs403() throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            raw.send("POST /mcp HTTP/1.1\r\nHost: evil.example.com\r\nOrigin: http://evil.example.com\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 0\r\n\r\n");
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(403);
            assertThat(response.json()).isEqualTo(JSON.readTree(
                    "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Forbidden\"}}"));
        }
    }

    @Test
    void argumentsTheValidatorCannotReadAre200ToolErrorsWithTheIdInBothRevisions() throws Exception {
        // a decimal past long for an integer bound, and a string a pattern's recursion overflows the stack on
        int before = HttpTestHost.COUNTED.get();
        String[] arguments = {"{\"days\":1e19}", "{\"days\":-1.0e400}", "{\"code\":\"" + "a".repeat(500_000) + "\"}"};
        String session = openSession();
        for (String args : arguments) {
            HttpResponse<String> modern = post(modern(21, "tools/call", "\"name\":\"bounded\",\"arguments\":" + args),
                    modernHeaders("tools/call", "bounded"));
            HttpResponse<String> legacy = post(legacy(22, "tools/call", "{\"name\":\"bounded\",\"arguments\":" + args + "}"),
                    "Mcp-Session-Id", session, "MCP-Protocol-Version", LEGACY);
            for (HttpResponse<String> response : List.of(modern, legacy)) {
                assertThat(response.statusCode()).isEqualTo(200);
                assertThat(json(response).at("/result/isError").asBoolean()).as(response.body()).isTrue();
                assertThat(json(response).at("/result/content/0/text").asString())
                        .startsWith("Invalid arguments for tool 'bounded':\n- $");
            }
            assertThat(json(modern).get("id").asInt()).isEqualTo(21);
            assertThat(json(legacy).get("id").asInt()).isEqualTo(22);
        }
        assertThat(HttpTestHost.COUNTED.get()).isEqualTo(before);
        assertThat(post(modern(23, "tools/call", "\"name\":\"bounded\",\"arguments\":{\"days\":7}"),
                modernHeaders("tools/call", "bounded")).statusCode()).isEqualTo(200);
        assertThat(HttpTestHost.COUNTED.get()).isEqualTo(before + 1);
    }

    @Test
    void bodyThatIsNotJsonIs400ParseErrorWithoutId() throws Exception {
        HttpResponse<String> response = post("{\"jsonrpc\":\"2.0\",\"id\":1,", modernHeaders("tools/list", null));
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(json(response)).isEqualTo(JSON.readTree(
                "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}"));
    }

    @Test
    void emptyBodyIs400ParseError() throws Exception {
        HttpResponse<String> response = post("", modernHeaders("tools/list", null));
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(code(response)).isEqualTo(-32700);
    }

    @Test
    void bodyThatIsNotAnObjectIs400InvalidRequest() throws Exception {
        HttpResponse<String> response = post("42");
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(code(response)).isEqualTo(-32600);
        assertThat(json(response).has("id")).isFalse();
    }

    @Test
    void batchArrayIs400InvalidRequest() throws Exception {
        HttpResponse<String> response = post("[" + modern(1, "tools/list", "") + "]", modernHeaders("tools/list", null));
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(code(response)).isEqualTo(-32600);
    }

    @Test
    void modernMetaWithoutAFieldIs400InvalidParamsEchoingTheId() throws Exception {
        String noVersion = "{\"jsonrpc\":\"2.0\",\"id\":102,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        String noCapabilities = "{\"jsonrpc\":\"2.0\",\"id\":104,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}";
        HttpResponse<String> version = post(noVersion, modernHeaders("tools/list", null));
        HttpResponse<String> capabilities = post(noCapabilities, modernHeaders("tools/list", null));
        assertThat(version.statusCode()).isEqualTo(400);
        assertThat(json(version).get("id").asInt()).isEqualTo(102);
        assertThat(code(version)).isEqualTo(-32602);
        assertThat(capabilities.statusCode()).isEqualTo(400);
        assertThat(json(capabilities).get("id").asInt()).isEqualTo(104);
        assertThat(code(capabilities)).isEqualTo(-32602);
    }

    @Test
    void modernHeaderMissingOrDifferentIs400HeaderMismatch() throws Exception {
        HttpResponse<String> missing = post(modern(7, "tools/list", ""), "Mcp-Method", "tools/list");
        HttpResponse<String> different = post(modern(8, "tools/list", ""), modernHeaders("tools/call", null));
        assertThat(missing.statusCode()).isEqualTo(400);
        assertThat(json(missing).get("id").asInt()).isEqualTo(7);
        assertThat(code(missing)).isEqualTo(-32020);
        assertThat(different.statusCode()).isEqualTo(400);
        assertThat(json(different).get("id").asInt()).isEqualTo(8);
        assertThat(code(different)).isEqualTo(-32020);
    }

    @Test
    void modernUnsupportedVersionIs400WithSupportedAndRequested() throws Exception {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":301,\"method\":\"server/discover\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"v999.0.0\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        HttpResponse<String> response = post(body, "MCP-Protocol-Version", "v999.0.0", "Mcp-Method", "server/discover");
        assertThat(response.statusCode()).isEqualTo(400);
        JsonNode error = json(response).get("error");
        assertThat(json(response).get("id").asInt()).isEqualTo(301);
        assertThat(error.get("code").asInt()).isEqualTo(-32022);
        assertThat(error.at("/data/requested").stringValue()).isEqualTo("v999.0.0");
        assertThat(error.at("/data/supported").isArray()).isTrue();
        assertThat(error.at("/data/supported/0").stringValue()).isEqualTo(MODERN);
    }

    @Test
    void modernValidationOrderIsInvalidParamsThenHeaderMismatchThenUnsupportedVersion() throws Exception {
        String noVersion = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        String v999 = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"server/discover\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"v999.0.0\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
        assertThat(code(post(noVersion, modernHeaders("server/discover", null)))).isEqualTo(-32602);
        assertThat(code(post(v999, modernHeaders("server/discover", null)))).isEqualTo(-32020);
        assertThat(code(post(v999, "MCP-Protocol-Version", "v999.0.0", "Mcp-Method", "server/discover")))
                .isEqualTo(-32022);
    }

    @Test
    void modernMissingCapabilityIs400WithRequiredCapabilities() throws Exception {
        int before = HttpTestHost.COUNTED.get();
        HttpResponse<String> response = post(modern(401, "tools/call", "\"name\":\"sampler\",\"arguments\":{}"),
                modernHeaders("tools/call", "sampler"));
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(json(response).get("id").asInt()).isEqualTo(401);
        JsonNode error = json(response).get("error");
        assertThat(error.get("code").asInt()).isEqualTo(-32021);
        assertThat(error.get("data")).isEqualTo(JSON.readTree("{\"requiredCapabilities\":{\"sampling\":{}}}"));
        assertThat(HttpTestHost.COUNTED.get()).isEqualTo(before);
    }

    @Test
    void modernUnknownRemovedOrUnadvertisedMethodIs404MethodNotFound() throws Exception {
        for (String method : new String[] { "unknown/method", "initialize", "ping", "logging/setLevel" }) {
            HttpResponse<String> response = post(modern(601, method, ""), modernHeaders(method, null));
            assertThat(response.statusCode()).as(method).isEqualTo(404);
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
            assertThat(json(response).get("id").asInt()).isEqualTo(601);
            assertThat(code(response)).as(method).isEqualTo(-32601);
        }
    }

    @Test
    void modernHandlerErrorsAre200() throws Exception {
        HttpResponse<String> unknownTool = post(modern(9, "tools/call", "\"name\":\"nope\",\"arguments\":{}"),
                modernHeaders("tools/call", "nope"));
        HttpResponse<String> failing = post(modern(10, "tools/call", "\"name\":\"boom\",\"arguments\":{}"),
                modernHeaders("tools/call", "boom"));
        HttpResponse<String> badCursor = post(modern(11, "tools/list", "\"cursor\":\"not-a-cursor\""),
                modernHeaders("tools/list", null));
        assertThat(unknownTool.statusCode()).isEqualTo(200);
        assertThat(code(unknownTool)).isEqualTo(-32602);
        assertThat(failing.statusCode()).isEqualTo(200);
        assertThat(json(failing)).isEqualTo(JSON.readTree(
                "{\"jsonrpc\":\"2.0\",\"id\":10,\"error\":{\"code\":-32603,\"message\":\"Internal error\"}}"));
        assertThat(failing.body()).doesNotContain("51d2");
        assertThat(badCursor.statusCode()).isEqualTo(200);
        assertThat(code(badCursor)).isEqualTo(-32602);
        HttpResponse<String> notFound = post(modern(13, "resources/read", "\"uri\":\"file:///nowhere.txt\""),
                modernHeaders("resources/read", "file:///nowhere.txt"));
        assertThat(notFound.statusCode()).isEqualTo(200);
        assertThat(code(notFound)).isEqualTo(-32602);
        assertThat(json(notFound).at("/error/data/uri").stringValue()).isEqualTo("file:///nowhere.txt");
    }

    @Test
    void modernResultIs200Json() throws Exception {
        HttpResponse<String> response = post(echoCall(12, "hi"), modernHeaders("tools/call", "echo"));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(response.headers().firstValue("Mcp-Session-Id")).isEmpty();
        JsonNode body = json(response);
        assertThat(body.get("id").asInt()).isEqualTo(12);
        assertThat(body.at("/result/resultType").stringValue()).isEqualTo("complete");
        assertThat(body.at("/result/content/0/text").stringValue()).isEqualTo("hi");
        assertThat(response.body()).doesNotContain("\n");
    }

    @Test
    void notificationsAreAcceptedWith202AndNoBody() throws Exception {
        HttpResponse<String> modern = post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{"
                + META + "}}", "MCP-Protocol-Version", MODERN);
        assertThat(modern.statusCode()).isEqualTo(202);
        assertThat(modern.body()).isEmpty();
        String session = openSession();
        HttpResponse<String> legacy = post(notification("notifications/cancelled"), "Mcp-Session-Id", session,
                "MCP-Protocol-Version", LEGACY);
        assertThat(legacy.statusCode()).isEqualTo(202);
        assertThat(legacy.body()).isEmpty();
    }

    @Test
    void legacyClientResponseInASessionIs202() throws Exception {
        String session = openSession();
        HttpResponse<String> response = post("{\"jsonrpc\":\"2.0\",\"id\":\"s-1\",\"result\":{}}",
                "Mcp-Session-Id", session, "MCP-Protocol-Version", LEGACY);
        assertThat(response.statusCode()).isEqualTo(202);
        assertThat(response.body()).isEmpty();
    }

    @Test
    void modernClientResponseIs400InvalidRequest() throws Exception {
        HttpResponse<String> response = post("{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}",
                "MCP-Protocol-Version", MODERN);
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(code(response)).isEqualTo(-32600);
    }

    @Test
    void getAndDeleteWithoutSessionAre405AllowingPost() throws Exception {
        HttpResponse<String> get = send(HttpRequest.newBuilder(endpoint()).GET(), "Accept", "text/event-stream");
        HttpResponse<String> delete = send(HttpRequest.newBuilder(endpoint()).DELETE(), "MCP-Protocol-Version", MODERN);
        HttpResponse<String> put = send(HttpRequest.newBuilder(endpoint())
                .PUT(HttpRequest.BodyPublishers.ofString(modern(1, "tools/list", ""))));
        for (HttpResponse<String> response : java.util.List.of(get, delete, put)) {
            assertThat(response.statusCode()).isEqualTo(405);
            assertThat(response.headers().firstValue("Allow")).hasValue("POST");
            assertThat(response.body()).isEmpty();
        }
    }

    @Test
    void getWithASessionIs405AllowingPostAndDelete() throws Exception {
        String session = openSession();
        HttpResponse<String> get = send(HttpRequest.newBuilder(endpoint()).GET(), "Mcp-Session-Id", session,
                "MCP-Protocol-Version", LEGACY);
        assertThat(get.statusCode()).isEqualTo(405);
        assertThat(get.headers().firstValue("Allow")).hasValue("POST, DELETE");
    }

    @Test
    void legacyRequestWithoutSessionIs400InvalidRequest() throws Exception {
        HttpResponse<String> response = post(legacy(3, "tools/list", null), "MCP-Protocol-Version", LEGACY);
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(json(response).get("id").asInt()).isEqualTo(3);
        assertThat(code(response)).isEqualTo(-32600);
        HttpResponse<String> headerless = post(legacy(4, "tools/list", null));
        assertThat(headerless.statusCode()).isEqualTo(400);
        assertThat(code(headerless)).isEqualTo(-32600);
    }

    @Test
    void legacyUnknownSessionIs404() throws Exception {
        HttpResponse<String> response = post(legacy(3, "tools/list", null), "Mcp-Session-Id", "no-such-session",
                "MCP-Protocol-Version", LEGACY);
        assertThat(response.statusCode()).isEqualTo(404);
        HttpResponse<String> notification = post(notification("notifications/initialized"),
                "Mcp-Session-Id", "no-such-session", "MCP-Protocol-Version", LEGACY);
        assertThat(notification.statusCode()).isEqualTo(404);
        assertThat(notification.body()).isEmpty();
    }

    @Test
    void legacyHandlerErrorsIncludingMethodNotFoundAre200() throws Exception {
        String session = openSession();
        HttpResponse<String> unknown = post(legacy(5, "unknown/method", "{}"), "Mcp-Session-Id", session,
                "MCP-Protocol-Version", LEGACY);
        HttpResponse<String> unknownTool = post(legacy(6, "tools/call", "{\"name\":\"nope\",\"arguments\":{}}"),
                "Mcp-Session-Id", session, "MCP-Protocol-Version", LEGACY);
        HttpResponse<String> failing = post(legacy(7, "tools/call", "{\"name\":\"boom\",\"arguments\":{}}"),
                "Mcp-Session-Id", session, "MCP-Protocol-Version", LEGACY);
        assertThat(unknown.statusCode()).isEqualTo(200);
        assertThat(json(unknown).get("id").asInt()).isEqualTo(5);
        assertThat(code(unknown)).isEqualTo(-32601);
        assertThat(unknownTool.statusCode()).isEqualTo(200);
        assertThat(code(unknownTool)).isEqualTo(-32602);
        assertThat(failing.statusCode()).isEqualTo(200);
        assertThat(code(failing)).isEqualTo(-32603);
    }
}
