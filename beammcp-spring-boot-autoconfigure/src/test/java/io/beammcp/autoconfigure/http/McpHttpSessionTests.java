package io.beammcp.autoconfigure.http;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The legacy (2025-11-25) session lifecycle over HTTP: initialize opens a session with a random visible
 * ASCII id, later requests use it, DELETE ends it and it is 404 afterwards; the store stays bounded
 * (100 sessions here) however many clients initialize.
 */
class McpHttpSessionTests extends EndpointTestSupport {

    @Test
    void initializeUseDeleteThen404() throws Exception {
        HttpResponse<String> init = post(initialize(0));
        assertThat(init.statusCode()).isEqualTo(200);
        assertThat(init.headers().firstValue("Content-Type")).hasValue("application/json");
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(session).matches("[\\x21-\\x7E]{43}");
        JsonNode result = json(init).get("result");
        assertThat(json(init).get("id").asInt()).isZero();
        assertThat(result.get("protocolVersion").stringValue()).isEqualTo(LEGACY);
        assertThat(result.at("/serverInfo/name").stringValue()).isEqualTo("http-test");
        assertThat(result.has("resultType")).isFalse();

        HttpResponse<String> initialized = post(notification("notifications/initialized"), "Mcp-Session-Id", session,
                "MCP-Protocol-Version", LEGACY);
        assertThat(initialized.statusCode()).isEqualTo(202);
        assertThat(initialized.headers().firstValue("Mcp-Session-Id")).isEmpty();

        HttpResponse<String> list = post(legacy(1, "tools/list", null), "Mcp-Session-Id", session,
                "MCP-Protocol-Version", LEGACY);
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(json(list).at("/result/tools").findValuesAsString("name")).contains("echo", "count");
        assertThat(json(list).at("/result/resultType").isMissingNode()).isTrue();

        HttpResponse<String> ping = post(legacy(2, "ping", "{}"), "Mcp-Session-Id", session, "MCP-Protocol-Version",
                LEGACY);
        assertThat(json(ping)).isEqualTo(JSON.readTree("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}"));

        HttpResponse<String> delete = send(HttpRequest.newBuilder(endpoint()).DELETE(), "Mcp-Session-Id", session,
                "MCP-Protocol-Version", LEGACY);
        assertThat(delete.statusCode()).isEqualTo(204);

        HttpResponse<String> after = post(legacy(3, "tools/list", null), "Mcp-Session-Id", session,
                "MCP-Protocol-Version", LEGACY);
        assertThat(after.statusCode()).isEqualTo(404);
        HttpResponse<String> deleteAgain = send(HttpRequest.newBuilder(endpoint()).DELETE(), "Mcp-Session-Id",
                session);
        assertThat(deleteAgain.statusCode()).isEqualTo(404);
    }

    @Test
    void initializeWithTheVersionHeaderAlsoOpensASession() throws Exception {
        HttpResponse<String> init = post(initialize(1), "MCP-Protocol-Version", LEGACY, "Mcp-Method", "initialize");
        assertThat(init.statusCode()).isEqualTo(200);
        assertThat(init.headers().firstValue("Mcp-Session-Id")).isPresent();
    }

    @Test
    void everyInitializeGetsItsOwnSession() throws Exception {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            ids.add(post(initialize(i)).headers().firstValue("Mcp-Session-Id").orElseThrow());
        }
        assertThat(ids).hasSize(20);
    }

    @Test
    void initializeNamingALiveSessionOpensANewOneAndTheOldOneSurvives() throws Exception {
        String session = openSession();
        HttpResponse<String> again = post(initialize(9), "Mcp-Session-Id", session);
        assertThat(again.statusCode()).isEqualTo(200);
        String fresh = again.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(fresh).isNotEqualTo(session);
        assertThat(post(legacy(1, "ping", null), "Mcp-Session-Id", session).statusCode()).isEqualTo(200);
        assertThat(post(legacy(2, "ping", null), "Mcp-Session-Id", fresh).statusCode()).isEqualTo(200);
    }

    @Test
    void sessionsAreIndependent() throws Exception {
        String first = openSession();
        String second = openSession();
        send(HttpRequest.newBuilder(endpoint()).DELETE(), "Mcp-Session-Id", first);
        assertThat(post(legacy(1, "ping", null), "Mcp-Session-Id", first).statusCode()).isEqualTo(404);
        assertThat(post(legacy(2, "ping", null), "Mcp-Session-Id", second).statusCode()).isEqualTo(200);
    }

    @Test
    void modernRequestsNeverOpenOrTouchSessions() throws Exception {
        int before = ((InMemoryMcpSessionStore) sessions).size();
        HttpResponse<String> initialize = post(modern(1, "initialize", "\"protocolVersion\":\"2025-11-25\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"x\",\"version\":\"1\"}"),
                modernHeaders("initialize", null));
        assertThat(initialize.statusCode()).isEqualTo(404);
        assertThat(initialize.headers().firstValue("Mcp-Session-Id")).isEmpty();
        assertThat(((InMemoryMcpSessionStore) sessions).size()).isLessThanOrEqualTo(before);
    }

    @Test
    void storeStaysBoundedUnder10000Initializes() throws Exception {
        int clients = 4;
        int each = 2_500;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<List<String>>> results = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                results.add(pool.submit(() -> {
                    List<String> ids = new ArrayList<>();
                    for (int i = 0; i < each; i++) {
                        HttpResponse<String> init = post(initialize(i));
                        if (init.statusCode() != 200) {
                            throw new AssertionError("initialize got " + init.statusCode());
                        }
                        ids.add(init.headers().firstValue("Mcp-Session-Id").orElseThrow());
                    }
                    return ids;
                }));
            }
            List<List<String>> ids = new ArrayList<>();
            for (Future<List<String>> result : results) {
                ids.add(result.get());
            }
            assertThat(((InMemoryMcpSessionStore) sessions).size()).isEqualTo(100);
            long live = ids.stream().flatMap(List::stream).filter(id -> sessions.find(id) != null).count();
            assertThat(live).isEqualTo(100);
            // the oldest were evicted first: every client's first session is gone
            for (List<String> client : ids) {
                assertThat(post(legacy(1, "ping", null), "Mcp-Session-Id", client.get(0)).statusCode()).isEqualTo(404);
            }
            // and a new one still opens and works
            String fresh = openSession();
            assertThat(post(legacy(2, "ping", null), "Mcp-Session-Id", fresh).statusCode()).isEqualTo(200);
        } finally {
            pool.shutdownNow();
        }
    }
}
