package io.beammcp.core.server;

import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.Reply;
import io.beammcp.core.spi.TransportFacts;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.testsupport.JsonRpcAssertions;
import io.beammcp.testsupport.Messages;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;

/**
 * A test client of the core: sends JSON text through {@link McpServer#handle} on a chosen exchange and
 * reads back what would go on the wire.
 */
final class Wire {

    static final String MODERN_META = Messages.META;
    static final JsonMapper JSON = Messages.JSON;
    /** Where a tool error of the library's lists its violations: in the result's {@code _meta}, as a pointer. */
    static final String VIOLATIONS = "/_meta/io.beammcp~1violations";

    final McpServer server;
    /** The session this client presents; an HTTP initialize replaces it with the one it opened, as a store would. */
    LegacySession session = McpServer.newSession();
    final Map<String, List<String>> headers = new LinkedHashMap<>();
    TransportFacts transport = TransportFacts.STDIO;
    boolean withSession = true;
    Reply last;
    /** The notifications sent through the exchange, in order, as JSON text. */
    final List<String> notifications = new CopyOnWriteArrayList<>();
    /** What the exchange reports: {@code false} plays a client that went away. */
    volatile boolean clientPresent = true;
    /** Who the exchange says is calling, or {@code null}. */
    volatile java.security.Principal principal;
    /** The client address the exchange reports, or {@code null} (as on stdio). */
    volatile String peer;
    /** The close actions the core registered on exchanges, for a test to play the client leaving. */
    final List<Runnable> onClose = new CopyOnWriteArrayList<>();

    Wire(McpServer server) {
        this.server = server;
    }

    static Wire of(ToolSpec... tools) {
        return of(UnaryOperator.identity(), (name, args, ctx) -> ToolResult.of("ok"), tools);
    }

    static Wire of(Dispatch dispatch, ToolSpec... tools) {
        return of(UnaryOperator.identity(), dispatch, tools);
    }

    static Wire of(UnaryOperator<McpServerBuilder> settings, Dispatch dispatch, ToolSpec... tools) {
        Catalog catalog = Catalog.of(List.of(tools));
        return new Wire(settings.apply(McpServer.builder(catalog, dispatch).serverName("test-server")
                .serverVersion("1.2.3")).build());
    }

    Wire http() {
        transport = TransportFacts.HTTP;
        withSession = false;
        return this;
    }

    Wire header(String name, String... values) {
        headers.put(name.toLowerCase(), new ArrayList<>(List.of(values)));
        return this;
    }

    Wire modernHeaders(String method) {
        header("MCP-Protocol-Version", "2026-07-28");
        header("Mcp-Method", method);
        return this;
    }

    Exchange exchange() {
        return new Exchange() {
            @Override
            public TransportFacts facts() {
                return transport;
            }

            @Override
            public List<String> headers(String name) {
                return headers.getOrDefault(name.toLowerCase(), List.of());
            }

            @Override
            public LegacySession session() {
                return withSession ? session : null;
            }

            @Override
            public java.security.Principal principal() {
                return principal;
            }

            @Override
            public String peer() {
                return peer;
            }

            @Override
            public boolean send(byte[] notification) {
                if (clientPresent) {
                    notifications.add(new String(notification, StandardCharsets.UTF_8));
                }
                return clientPresent;
            }

            @Override
            public void onClose(Runnable action) {
                onClose.add(action);
            }
        };
    }

    /** Sends raw text, running host code on {@code executor}; the one reply completes the future. */
    CompletableFuture<Reply> sendAsync(String text, Executor executor) {
        CompletableFuture<Reply> reply = new CompletableFuture<>();
        server.handle(text.getBytes(StandardCharsets.UTF_8), exchange(), executor, reply::complete);
        return reply;
    }

    /** The notifications sent so far, parsed. */
    List<JsonNode> sent() {
        List<JsonNode> parsed = new ArrayList<>();
        notifications.forEach(text -> parsed.add(JSON.readTree(text)));
        return parsed;
    }

    static JsonNode body(Reply reply) {
        return reply.hasBody() ? JSON.readTree(reply.body()) : null;
    }

    /** Sends raw text; answers the response JSON, or {@code null} when nothing is sent. */
    JsonNode send(String text) {
        String raw = sendRaw(text);
        return raw == null ? null : JSON.readTree(raw);
    }

    String sendRaw(String text) {
        last = server.handle(text.getBytes(StandardCharsets.UTF_8), exchange());
        if (last == null) {
            return null;
        }
        if (last.openedSession() != null) {
            session = last.openedSession();
        }
        return last.hasBody() ? new String(last.body(), StandardCharsets.UTF_8) : null;
    }

    JsonNode modern(Object id, String method, String paramsWithoutMeta) {
        return send(modernText(id, method, paramsWithoutMeta, MODERN_META));
    }

    /** A 2026-07-28 request's text with the given {@code _meta} member (such as {@link #MODERN_META}). */
    static String modernText(Object id, String method, String paramsWithoutMeta, String metaMember) {
        return Messages.modern(id, method, paramsWithoutMeta, metaMember);
    }

    /** A 2026-07-28 {@code _meta} member with extra keys, e.g. {@code "progressToken":"t"}. */
    static String modernMeta(String extra) {
        return "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}," + extra + "}";
    }

    JsonNode legacy(Object id, String method, String params) {
        return send(Messages.legacy(id, method, params));
    }

    JsonNode initialize() {
        JsonNode response = send(Messages.initialize(0, "t"));
        send(Messages.notification("notifications/initialized"));
        return response;
    }

    static void assertError(JsonNode response, Object id, int code) {
        JsonRpcAssertions.assertError(response, id, code);
    }

    static JsonNode result(JsonNode response) {
        return JsonRpcAssertions.result(response);
    }

    static Revision modern() {
        return Revision.V2026_07_28;
    }
}
