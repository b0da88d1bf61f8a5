package io.beammcp.security;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The endpoint of an application secured with Spring Security (Basic users, one-line configuration), on the
 * wire: who host code sees on every way a body arrives, method security's verdicts, authentication of every
 * method, and CORS for the admitted origins only. Run on each transport by its subclasses
 * ({@link ServletSecuredHttpTests}, {@link ReactiveSecuredHttpTests}).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
abstract class SecuredHttpTests {

    static final String ALICE = basic("alice", "alice-pw");
    static final String BOB = basic("bob", "bob-pw");
    static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    @LocalServerPort
    int port;

    static String basic(String user, String password) {
        return "Authorization: Basic "
                + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    static String call(String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "," + META + "}}";
    }

    static String whoami(int noteChars) {
        return call("whoami", "{\"note\":\"" + "n".repeat(noteChars) + "\"}");
    }

    static String[] modern(String method, String name, String... more) {
        String[] head = name == null ? new String[] {"MCP-Protocol-Version: 2026-07-28", "Mcp-Method: " + method}
                : new String[] {"MCP-Protocol-Version: 2026-07-28", "Mcp-Method: " + method, "Mcp-Name: " + name};
        String[] all = java.util.Arrays.copyOf(head, head.length + more.length);
        System.arraycopy(more, 0, all, head.length, more.length);
        return all;
    }

    RawHttp.Response post(String body, String... headers) throws IOException {
        try (RawHttp http = new RawHttp(port)) {
            http.post(body, headers);
            return http.read();
        }
    }

    static String text(RawHttp.Response response) {
        return response.json().at("/result/content/0/text").asString();
    }

    // ---- the principal in host code ---------------------------------------------------------------

    @Test
    void smallBodySeesTheCaller() throws IOException {
        RawHttp.Response response = post(whoami(100), modern("tools/call", "whoami", ALICE));
        assertThat(response.status()).isEqualTo(200);
        assertThat(text(response)).isEqualTo("context=alice holder=alice chars=100");
    }

    @Test
    void bodyOver8KbSeesTheCaller() throws IOException {
        RawHttp.Response response = post(whoami(9_000), modern("tools/call", "whoami", BOB));
        assertThat(response.status()).isEqualTo(200);
        assertThat(text(response)).isEqualTo("context=bob holder=bob chars=9000");
    }

    @Test
    void bodyOf900KbSeesTheCaller() throws IOException {
        RawHttp.Response response = post(whoami(900_000), modern("tools/call", "whoami", ALICE));
        assertThat(response.status()).isEqualTo(200);
        assertThat(text(response)).isEqualTo("context=alice holder=alice chars=900000");
    }

    @Test
    void chunkedBodySeesTheCaller() throws IOException {
        byte[] body = whoami(300).getBytes(StandardCharsets.UTF_8);
        try (RawHttp http = new RawHttp(port)) {
            String[] lines = modern("tools/call", "whoami", BOB);
            String[] chunked = new String[lines.length + 1];
            chunked[0] = "Transfer-Encoding: chunked";
            System.arraycopy(lines, 0, chunked, 1, lines.length);
            http.send(http.head(-1, chunked));
            int half = body.length / 2;
            http.send(Integer.toHexString(half) + "\r\n");
            http.send(java.util.Arrays.copyOfRange(body, 0, half));
            http.send("\r\n" + Integer.toHexString(body.length - half) + "\r\n");
            http.send(java.util.Arrays.copyOfRange(body, half, body.length));
            http.send("\r\n0\r\n\r\n");
            RawHttp.Response response = http.read();
            assertThat(response.status()).isEqualTo(200);
            assertThat(text(response)).isEqualTo("context=bob holder=bob chars=300");
        }
    }

    @Test
    void bodyDripFedInTwoPartsSeesTheCaller() throws Exception {
        byte[] body = whoami(200).getBytes(StandardCharsets.UTF_8);
        try (RawHttp http = new RawHttp(port)) {
            http.send(http.head(body.length, modern("tools/call", "whoami", ALICE)));
            http.send(java.util.Arrays.copyOfRange(body, 0, 50));
            // the rest comes later, so the endpoint goes on reading it after the filter chain has returned
            Thread.sleep(300);
            http.send(java.util.Arrays.copyOfRange(body, 50, body.length));
            RawHttp.Response response = http.read();
            assertThat(response.status()).isEqualTo(200);
            assertThat(text(response)).isEqualTo("context=alice holder=alice chars=200");
        }
    }

    @Test
    void legacySessionSeesTheCaller() throws IOException {
        String init = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
        RawHttp.Response opened = post(init, BOB);
        String session = opened.header("Mcp-Session-Id");
        assertThat(session).isNotNull();
        assertThat(post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", BOB,
                "Mcp-Session-Id: " + session, "MCP-Protocol-Version: 2025-11-25").status()).isEqualTo(202);
        RawHttp.Response response = post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"whoami\",\"arguments\":{\"note\":\"hi\"}}}", BOB, "Mcp-Session-Id: " + session,
                "MCP-Protocol-Version: 2025-11-25");
        assertThat(response.status()).isEqualTo(200);
        assertThat(text(response)).isEqualTo("context=bob holder=bob chars=2");
    }

    @Test
    void taskWorkSeesTheCallerOnItsOwnThread() throws Exception {
        String ext = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}}";
        RawHttp.Response created = post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"whoamiLater\",\"arguments\":{}," + ext + "}}", modern("tools/call", "whoamiLater", BOB));
        JsonNode task = created.json().path("result");
        assertThat(task.path("resultType").asString()).isEqualTo("task");
        String get = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tasks/get\",\"params\":{\"taskId\":\""
                + task.path("taskId").asString() + "\"," + ext + "}}";
        RawHttp.Response first = post(get, modern("tasks/get", task.path("taskId").asString(), BOB));
        assertThat(first.status()).as(first.text()).isEqualTo(200);
        JsonNode polled = first.json().path("result");
        for (int i = 0; i < 250 && !polled.path("status").asString().equals("completed"); i++) {
            Thread.sleep(20);
            polled = post(get, modern("tasks/get", task.path("taskId").asString(), BOB)).json().path("result");
        }
        assertThat(polled.at("/result/content/0/text").asString()).as(polled.toString())
                .isEqualTo("context=bob holder=bob thread=beammcp-task");
    }

    // ---- state bound to the caller -------------------------------------------------------------------

    @Test
    void requestStateContinuedByAnotherPrincipalIsRefusedBeforeHostCode() throws IOException {
        String meta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{\"elicitation\":{}}}";
        RawHttp.Response first = post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"ask\"," + meta + "}}", modern("tools/call", "ask", ALICE));
        JsonNode round = first.json().path("result");
        assertThat(round.path("resultType").asString()).isEqualTo("input_required");
        String retry = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"ask\","
                + "\"inputResponses\":{\"user_name\":{\"action\":\"accept\",\"content\":{\"name\":\"Mallory\"}}},"
                + "\"requestState\":" + round.get("requestState") + "," + meta + "}}";
        RawHttp.Response replayed = post(retry, modern("tools/call", "ask", BOB));
        assertThat(replayed.status()).isEqualTo(200);
        assertThat(replayed.json().at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(replayed.json().at("/error/message").asString()).contains("another caller");
        RawHttp.Response continued = post(retry, modern("tools/call", "ask", ALICE));
        assertThat(text(continued)).isEqualTo("Hello, {name=Mallory}");
    }

    @Test
    void legacySessionPresentedByAnotherPrincipalIsUnknownToIt() throws IOException {
        String init = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
        String session = post(init, ALICE).header("Mcp-Session-Id");
        String[] asBob = {BOB, "Mcp-Session-Id: " + session, "MCP-Protocol-Version: 2025-11-25"};
        String list = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}";
        assertThat(post(list, asBob).status()).isEqualTo(404);
        try (RawHttp http = new RawHttp(port)) {
            http.send("DELETE /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n" + String.join("\r\n", asBob)
                    + "\r\n\r\n");
            assertThat(http.read().status()).isEqualTo(404);
        }
        // still Alice's, and still open
        RawHttp.Response own = post(list, ALICE, "Mcp-Session-Id: " + session, "MCP-Protocol-Version: 2025-11-25");
        assertThat(own.status()).isEqualTo(200);
        assertThat(own.json().at("/result/tools").isArray()).isTrue();
    }

    // ---- method security --------------------------------------------------------------------------

    @Test
    void preAuthorizeAllowsAnAdministrator() throws IOException {
        RawHttp.Response response = post(call("vault", "{}"), modern("tools/call", "vault", ALICE));
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().at("/result/isError").asBoolean(false)).isFalse();
        assertThat(text(response)).isEqualTo("the vault is open");
    }

    @Test
    void preAuthorizeDenialIsAToolErrorSayingSo() throws IOException {
        RawHttp.Response response = post(call("vault", "{}"), modern("tools/call", "vault", BOB));
        assertThat(response.status()).isEqualTo(200);
        JsonNode result = response.json().path("result");
        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.at("/content/0/text").asString()).isEqualTo("Access denied");
    }

    @Test
    void preAuthorizeDenialOnAResourceIsAccessDeniedNotInternalError() throws IOException {
        String read = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":"
                + "\"vault://contents\"," + META + "}}";
        RawHttp.Response denied = post(read, modern("resources/read", "vault://contents", BOB));
        assertThat(denied.json().at("/error/code").asInt()).isEqualTo(-31403);
        assertThat(denied.json().at("/error/message").asString()).isEqualTo("Access denied");
        RawHttp.Response allowed = post(read, modern("resources/read", "vault://contents", ALICE));
        assertThat(allowed.json().at("/result/contents/0/text").asString()).isEqualTo("the vault is open");
    }

    // ---- authentication on every method ----------------------------------------------------------

    @Test
    void noCredentialsIs401WithTheChallenge() throws IOException {
        RawHttp.Response response = post(whoami(10), modern("tools/call", "whoami"));
        assertThat(response.status()).isEqualTo(401);
        assertThat(response.header("WWW-Authenticate")).startsWith("Basic");
    }

    @Test
    void aRefusalBeforeTheBodyClosesTheConnectionWithoutWaitingForTheBody() throws IOException {
        try (RawHttp http = new RawHttp(port)) {
            http.sendHead("POST", "Content-Type: application/json", "Content-Length: 1000");
            RawHttp.Response response = http.read();
            assertThat(response.status()).isEqualTo(401);
            assertThat(response.header("WWW-Authenticate")).startsWith("Basic");
            assertThat(response.closes()).isTrue();
            assertThat(http.closedByServer(2_000)).isTrue();
        }
    }

    @Test
    void wrongPasswordIs401() throws IOException {
        RawHttp.Response response = post(whoami(10), modern("tools/call", "whoami", basic("alice", "guess")));
        assertThat(response.status()).isEqualTo(401);
    }

    @Test
    void getAndDeleteNeedAuthenticationToo() throws IOException {
        for (String method : new String[] {"GET", "DELETE"}) {
            try (RawHttp http = new RawHttp(port)) {
                http.send(method + " /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAccept: text/event-stream\r\n"
                        + "Mcp-Session-Id: 0123456789abcdef\r\nMCP-Protocol-Version: 2025-11-25\r\n\r\n");
                RawHttp.Response response = http.read();
                assertThat(response.status()).as(method).isEqualTo(401);
            }
        }
    }

    // ---- CORS -------------------------------------------------------------------------------------

    RawHttp.Response preflight(String origin) throws IOException {
        try (RawHttp http = new RawHttp(port)) {
            http.sendHead("OPTIONS", "Origin: " + origin, "Access-Control-Request-Method: POST",
                    "Access-Control-Request-Headers: authorization, content-type, mcp-protocol-version, mcp-method,"
                            + " mcp-name, mcp-session-id, last-event-id");
            return http.read();
        }
    }

    @Test
    void preflightFromAnAdmittedOriginIsAnswered() throws IOException {
        RawHttp.Response response = preflight("http://app.example");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Access-Control-Allow-Origin")).isEqualTo("http://app.example");
        assertThat(response.header("Access-Control-Allow-Methods")).contains("POST", "GET", "DELETE");
        assertThat(response.header("Access-Control-Allow-Headers").toLowerCase()).contains("authorization",
                "content-type", "mcp-protocol-version", "mcp-method", "mcp-name", "mcp-session-id", "last-event-id");
    }

    @Test
    void preflightFromAnotherOriginIsRefused() throws IOException {
        RawHttp.Response response = preflight("http://evil.example");
        assertThat(response.status()).isEqualTo(403);
        assertThat(response.header("Access-Control-Allow-Origin")).isNull();
    }

    @Test
    void responseToAnAdmittedOriginCarriesCorsHeaders() throws IOException {
        RawHttp.Response response = post(whoami(5), modern("tools/call", "whoami", ALICE, "Origin: http://app.example"));
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Access-Control-Allow-Origin")).isEqualTo("http://app.example");
        assertThat(response.header("Access-Control-Expose-Headers")).contains("Mcp-Session-Id");
    }

    @Test
    void requestFromAnotherOriginIsRefusedWithoutCorsHeaders() throws IOException {
        RawHttp.Response response = post(whoami(5), modern("tools/call", "whoami", ALICE, "Origin: http://evil.example"));
        assertThat(response.status()).isEqualTo(403);
        assertThat(response.header("Access-Control-Allow-Origin")).isNull();
    }
}
