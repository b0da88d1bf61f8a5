package io.beammcp.test;

import io.beammcp.core.Revision;
import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.Reply;
import io.beammcp.core.spi.TransportFacts;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/** The server bean itself, through its public entry point: one connection, one legacy session, like stdio. */
final class InProcessTransport implements Transport {

    private static final TransportFacts FACTS = new TransportFacts("inproc", false, true, false);

    private final McpServer server;
    private final JsonMapper json;
    private final LegacySession session = McpServer.newSession();
    private final ExecutorService hostCode = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "mcp-test-host");
        thread.setDaemon(true);
        return thread;
    });

    InProcessTransport(McpServer server, JsonMapper json) {
        this.server = server;
        this.json = json;
    }

    @Override
    public Response request(ObjectNode message, Revision revision, Consumer<JsonNode> notifications,
            Function<JsonNode, JsonNode> answers) {
        CompletableFuture<Reply> reply = new CompletableFuture<>();
        server.handle(json.writeValueAsBytes(message), exchange(notifications, answers), hostCode, reply::complete);
        Reply answered = reply.orTimeout(60, TimeUnit.SECONDS).join();
        return Response.of(answered.hasBody() ? json.readTree(answered.body()) : null);
    }

    @Override
    public void notify(ObjectNode message, Revision revision) {
        server.handle(json.writeValueAsBytes(message), exchange(n -> { }, m -> null));
    }

    private Exchange exchange(Consumer<JsonNode> notifications, Function<JsonNode, JsonNode> answers) {
        return new Exchange() {
            @Override
            public TransportFacts facts() {
                return FACTS;
            }

            @Override
            public List<String> headers(String name) {
                return List.of();
            }

            @Override
            public LegacySession session() {
                return session;
            }

            @Override
            public boolean send(byte[] bytes) {
                JsonNode sent = json.readTree(bytes);
                if (sent.has("id") && sent.has("method")) {
                    // a request of the server's: answered off the host thread that waits for it
                    hostCode.execute(() -> {
                        JsonNode response = answers.apply(sent);
                        if (response != null) {
                            server.handle(json.writeValueAsBytes(response), exchange(notifications, answers));
                        }
                    });
                } else {
                    notifications.accept(sent);
                }
                return true;
            }
        };
    }

    @Override
    public void close() {
        hostCode.shutdownNow();
    }
}
