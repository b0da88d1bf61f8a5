package io.beammcp.core.server;

import io.beammcp.core.spi.Reply;
import io.beammcp.core.spi.McpObserver;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolErrorException;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

class ObserverTest {

    /** One observed message: what start saw, whether host code ran inside, and the outcome. */
    static final class Seen implements McpObserver.Scope {
        final McpObserver.Request request;
        volatile boolean hostCodeInside;
        volatile McpObserver.Outcome outcome;

        Seen(McpObserver.Request request) {
            this.request = request;
        }

        @Override
        public <T> T within(Supplier<T> work) {
            INSIDE.set(this);
            try {
                return work.get();
            } finally {
                INSIDE.remove();
            }
        }

        @Override
        public void stop(McpObserver.Outcome outcome) {
            this.outcome = outcome;
        }
    }

    static final ThreadLocal<Seen> INSIDE = new ThreadLocal<>();

    private final List<Seen> seen = new CopyOnWriteArrayList<>();

    private Wire wire() {
        ToolSpec echo = ToolSpec.builder("echo")
                .inputSchema("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"}}}").build();
        ToolSpec fails = ToolSpec.builder("fails").build();
        return Wire.of(builder -> builder.observer(request -> {
            Seen one = new Seen(request);
            seen.add(one);
            return one;
        }), (name, args, ctx) -> {
            Seen inside = INSIDE.get();
            if (inside != null) {
                inside.hostCodeInside = true;
            }
            if (name.equals("fails")) {
                throw new ToolErrorException("no");
            }
            return ToolResult.of("ok");
        }, echo, fails);
    }

    @Test
    void aModernToolCallIsSeenWithItsNameTransportAndTraceContextAndHostCodeRunsInside() {
        Wire wire = wire();
        wire.send(Wire.modernText(7, "tools/call", "\"name\":\"echo\",\"arguments\":{\"n\":1}",
                Wire.modernMeta("\"traceparent\":\"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\","
                        + "\"tracestate\":\"a=b\",\"secret\":\"s3cr3t\"")));
        assertThat(seen).hasSize(1);
        Seen one = seen.get(0);
        assertThat(one.request.method()).isEqualTo("tools/call");
        assertThat(one.request.target()).isEqualTo("echo");
        assertThat(one.request.networkTransport()).isEqualTo("pipe");
        assertThat(one.request.requestId()).isEqualTo("7");
        assertThat(one.request.traceContext()).containsOnlyKeys("traceparent", "tracestate")
                .containsEntry("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
        assertThat(one.hostCodeInside).isTrue();
        assertThat(one.outcome).isEqualTo(new McpObserver.Outcome(Reply.Kind.RESULT, Revision.V2026_07_28, null,
                false));
    }

    @Test
    void toolErrorsAndSchemaViolationsAreToolErrorsAndJsonRpcErrorsCarryTheirCode() {
        Wire wire = wire();
        wire.modern(1, "tools/call", "\"name\":\"fails\"");
        wire.modern(2, "tools/call", "\"name\":\"echo\",\"arguments\":{\"n\":\"x\"}");
        wire.modern(3, "tools/call", "\"name\":\"nope\"");
        wire.modern(4, "no/such", null);
        assertThat(seen).extracting(s -> s.outcome.toolError()).containsExactly(true, true, false, false);
        assertThat(seen).extracting(s -> s.outcome.errorCode()).containsExactly(null, null, -32602, -32601);
        // names the catalog does not hold never become values
        assertThat(seen).extracting(s -> s.request.target()).containsExactly("fails", "echo", "_OTHER", null);
        assertThat(seen).extracting(s -> s.request.method())
                .containsExactly("tools/call", "tools/call", "tools/call", "_OTHER");
    }

    @Test
    void legacyRequestsAndNotificationsOverHttpAreSeenButClientResponsesAreNot() {
        Wire wire = wire().http();
        wire.legacy(0, "initialize",
                "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}");
        wire.withSession = true;
        wire.header("Mcp-Session-Id", "sid-1");
        wire.header("MCP-Protocol-Version", "2025-11-25");
        wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        wire.legacy(5, "tools/list", null);
        wire.send("{\"jsonrpc\":\"2.0\",\"id\":99,\"result\":{}}");
        assertThat(seen).extracting(s -> s.request.method())
                .containsExactly("initialize", "notifications/initialized", "tools/list");
        Seen list = seen.get(2);
        assertThat(list.request.networkTransport()).isEqualTo("tcp");
        assertThat(list.request.sessionId()).isEqualTo("sid-1");
        assertThat(list.outcome.revision()).isEqualTo(Revision.V2025_11_25);
        assertThat(seen.get(1).request.isNotification()).isTrue();
        assertThat(seen.get(1).outcome.kind()).isEqualTo(Reply.Kind.ACCEPTED);
    }

    /** A server whose {@code block} tool waits until interrupted. */
    private Wire blocking(java.util.function.UnaryOperator<McpServerBuilder> settings,
            java.util.concurrent.CountDownLatch entered) {
        return Wire.of(builder -> settings.apply(builder).observer(request -> {
            Seen one = new Seen(request);
            seen.add(one);
            return one;
        }), (name, args, ctx) -> {
            entered.countDown();
            new java.util.concurrent.CountDownLatch(1).await();
            return ToolResult.of("never");
        }, ToolSpec.builder("block").build());
    }

    @Test
    void aCancelledCallEndsUnansweredAndACallPastItsTimeLimitIsAToolError() throws Exception {
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newCachedThreadPool();
        try {
            java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);
            Wire wire = blocking(b -> b, entered);
            java.util.concurrent.CompletableFuture<Reply> reply = wire.sendAsync(
                    Wire.modernText(7, "tools/call", "\"name\":\"block\"", Wire.MODERN_META), threads);
            assertThat(entered.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":7}}");
            assertThat(reply.get(10, java.util.concurrent.TimeUnit.SECONDS).kind()).isEqualTo(Reply.Kind.UNANSWERED);
            assertThat(seen.get(0).outcome.kind()).isEqualTo(Reply.Kind.UNANSWERED);
            assertThat(seen.get(0).outcome.toolError()).isFalse();

            seen.clear();
            Wire limited = blocking(b -> b.toolTimeout(java.time.Duration.ofMillis(50)),
                    new java.util.concurrent.CountDownLatch(1));
            Reply expired = limited.sendAsync(Wire.modernText(8, "tools/call", "\"name\":\"block\"", Wire.MODERN_META),
                    threads).get(10, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(Wire.body(expired).at("/result/isError").asBoolean()).isTrue();
            assertThat(seen.get(0).outcome).isEqualTo(new McpObserver.Outcome(Reply.Kind.RESULT, Revision.V2026_07_28,
                    null, true));
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aFailingObserverNeverCostsTheReply() {
        Wire wire = Wire.of(builder -> builder.observer(request -> new McpObserver.Scope() {
            @Override
            public void stop(McpObserver.Outcome outcome) {
                throw new IllegalStateException("observer broke");
            }
        }), (name, args, ctx) -> ToolResult.of("ok"), ToolSpec.builder("echo").build());
        assertThat(Wire.result(wire.modern(1, "tools/call", "\"name\":\"echo\"")).path("content").get(0)
                .path("text").asString()).isEqualTo("ok");
        Wire throwing = Wire.of(builder -> builder.observer(request -> {
            throw new IllegalStateException("observer broke");
        }), (name, args, ctx) -> ToolResult.of("ok"), ToolSpec.builder("echo").build());
        assertThat(Wire.result(throwing.modern(1, "tools/call", "\"name\":\"echo\"")).path("content").get(0)
                .path("text").asString()).isEqualTo("ok");
    }

    @Test
    void severalObserversStartInOrderNestAroundHostCodeAndStopInReverse() {
        List<String> events = new CopyOnWriteArrayList<>();
        McpObserver a = named("a", events);
        McpObserver b = named("b", events);
        Wire wire = Wire.of(builder -> builder.observer(McpObserver.all(List.of(a, b))), (name, args, ctx) -> {
            events.add("host");
            return ToolResult.of("ok");
        }, ToolSpec.builder("echo").build());
        wire.modern(1, "tools/call", "\"name\":\"echo\"");
        assertThat(events).containsExactly("start a", "start b", "in a", "in b", "host", "stop b", "stop a");
    }

    private static McpObserver named(String name, List<String> events) {
        return request -> {
            events.add("start " + name);
            return new McpObserver.Scope() {
                @Override
                public <T> T within(Supplier<T> work) {
                    events.add("in " + name);
                    return work.get();
                }

                @Override
                public void stop(McpObserver.Outcome outcome) {
                    events.add("stop " + name);
                }
            };
        };
    }

    @Test
    void theServerReportsItsCatalogAndCounts() {
        McpServer server = wire().server;
        assertThat(server.catalog().tools()).extracting(ToolSpec::name).containsExactly("echo", "fails");
        assertThat(server.openStreams()).isZero();
        assertThat(server.maxStreams()).isEqualTo(1000);
        assertThat(server.callsInFlight()).isZero();
    }
}
