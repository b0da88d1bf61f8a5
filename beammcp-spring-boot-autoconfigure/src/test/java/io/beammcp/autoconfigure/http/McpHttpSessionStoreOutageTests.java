package io.beammcp.autoconfigure.http;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A session store that cannot reach its storage (a database that is down): every request that needs a
 * session is answered at once with 503, {@code Retry-After} and a retryable {@code -32603}, never a hang, a
 * 500 or a stack trace; 2026-07-28 requests are served as ever; once the store is back, so are sessions.
 */
class McpHttpSessionStoreOutageTests extends EndpointTestSupport {

    private HttpTestHost.OutageStore store;

    @Override
    List<String> properties() {
        return List.of("test.session-store=outage", "test.lists-change=true");
    }

    @BeforeEach
    void store() {
        store = (HttpTestHost.OutageStore) sessions;
    }

    @AfterEach
    void back() {
        store.down.set(false);
        store.broken.set(false);
    }

    @Test
    void initializeWhileTheStoreIsDownIs503WithoutASession() throws Exception {
        store.down.set(true);
        HttpResponse<String> init = post(initialize(1));
        assertRetryableOutage(init);
        assertThat(init.headers().firstValue("Mcp-Session-Id")).isEmpty();
    }

    @Test
    void aStoreThatFailsOtherwiseToKeepANewSessionIsA500NotAHang() throws Exception {
        store.broken.set(true);
        HttpResponse<String> init = post(initialize(1));
        assertThat(init.statusCode()).isEqualTo(500);
        assertThat(JSON.readTree(init.body())).isEqualTo(JSON.readTree(
                "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32603,\"message\":\"Internal error\"}}"));
        assertThat(init.headers().firstValue("Mcp-Session-Id")).isEmpty();
    }

    @Test
    void everyRequestNamingASessionIs503WhileTheStoreIsDownAndServedOnceItIsBack() throws Exception {
        String session = openSession();
        store.down.set(true);
        assertRetryableOutage(post(legacy(2, "tools/list", null), "Mcp-Session-Id", session,
                "MCP-Protocol-Version", LEGACY));
        assertRetryableOutage(post(notification("notifications/cancelled"), "Mcp-Session-Id", session,
                "MCP-Protocol-Version", LEGACY));
        assertRetryableOutage(send(HttpRequest.newBuilder(endpoint()).GET(), "Accept", "text/event-stream",
                "Mcp-Session-Id", session, "MCP-Protocol-Version", LEGACY));
        assertRetryableOutage(send(HttpRequest.newBuilder(endpoint()).DELETE(), "Mcp-Session-Id", session,
                "MCP-Protocol-Version", LEGACY));
        HttpResponse<String> modern = post(modern(3, "tools/list", null), "MCP-Protocol-Version", MODERN,
                "Mcp-Method", "tools/list");
        assertThat(modern.statusCode()).as("a 2026-07-28 request needs no session").isEqualTo(200);

        store.down.set(false);
        HttpResponse<String> list = post(legacy(4, "tools/list", null), "Mcp-Session-Id", session,
                "MCP-Protocol-Version", LEGACY);
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(json(list).at("/result/tools").isArray()).isTrue();
    }

    private static void assertRetryableOutage(HttpResponse<String> response) throws Exception {
        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree("{\"jsonrpc\":\"2.0\","
                + "\"error\":{\"code\":-32603,\"message\":\"Service Unavailable: the session store cannot be reached "
                + "now; retry the request\"}}"));
    }
}
