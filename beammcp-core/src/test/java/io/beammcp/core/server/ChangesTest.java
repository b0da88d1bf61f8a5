package io.beammcp.core.server;

import io.beammcp.core.spi.Reply;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.Content;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceEntry;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Lists that change: the server recompiles what the host reports and notifies those who asked, on
 * {@code subscriptions/listen} streams (2026-07-28, tagged, filtered) or a legacy session's channel
 * (2025-11-25, with {@code resources/subscribe}); streams are bounded and end on {@link McpServer#close()}.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ChangesTest {

    private final CatalogChanges changes = new CatalogChanges();
    private final AtomicReference<List<ToolSpec>> tools = new AtomicReference<>(List.of(ToolSpec.builder("one").build()));
    private final Catalog catalog = new Catalog() {
        @Override
        public List<ToolSpec> tools() {
            List<ToolSpec> current = tools.get();
            if (current == null) {
                throw new IllegalStateException("the tool registry is down");
            }
            return current;
        }

        @Override
        public List<ResourceEntry> resources() {
            return List.of(ResourceSpec.builder("test://a", "a").build(), ResourceSpec.builder("test://b", "b").build());
        }

        @Override
        public List<PromptSpec> prompts() {
            return List.of(PromptSpec.of("p", "A prompt."));
        }
    };

    private Wire wire(UnaryOperator<McpServerBuilder> settings) {
        McpServerBuilder builder = McpServer.builder(catalog, (name, args, ctx) -> ToolResult.of("ok"))
                .serverName("test-server").serverVersion("1.2.3")
                .resourceReader((uri, ctx) -> ReadResult.of(ResourceContents.text(uri, "text/plain", "x")))
                .promptRenderer((name, args, ctx) -> PromptResult.of(PromptMessage.user(Content.text("hi"))));
        return new Wire(settings.apply(builder).build());
    }

    private Wire wire() {
        return wire(b -> b.catalogChanges(changes));
    }

    private static String listen(Object id, String filter) {
        return Wire.modernText(id, "subscriptions/listen", "\"notifications\":" + filter, Wire.MODERN_META);
    }

    // ---- capabilities ---------------------------------------------------------------------------------

    @Test
    void declaringChangesAdvertisesListChangedAndSubscribe() {
        JsonNode modern = result(wire().modern(1, "server/discover", null)).path("capabilities");
        JsonNode legacy = result(wire().initialize()).path("capabilities");
        for (JsonNode capabilities : new JsonNode[] {modern, legacy}) {
            assertThat(capabilities.at("/tools/listChanged").asBoolean()).isTrue();
            assertThat(capabilities.at("/prompts/listChanged").asBoolean()).isTrue();
            assertThat(capabilities.at("/resources/listChanged").asBoolean()).isTrue();
            assertThat(capabilities.at("/resources/subscribe").asBoolean()).isTrue();
        }
        JsonNode fixed = result(wire(UnaryOperator.identity()).modern(1, "server/discover", null)).path("capabilities");
        assertThat(fixed.at("/tools/listChanged").asBoolean()).isFalse();
        assertThat(fixed.at("/resources/subscribe").asBoolean()).isFalse();
        assertThat(fixed.at("/resources/listChanged").asBoolean()).isFalse();
        assertThat(fixed.at("/prompts/listChanged").asBoolean()).isFalse();
    }

    // ---- subscriptions/listen -------------------------------------------------------------------------

    @Test
    void aListenStreamIsAcknowledgedFirstAndGetsOnlyWhatItAskedForTagged() {
        Wire wire = wire();
        assertThat(wire.send(listen(1700000000000L, "{\"toolsListChanged\":true,\"resourceSubscriptions\":[\"test://a\","
                + "\"test://unknown\"]}")))
                .as("the listen stays open").isNull();
        assertThat(wire.notifications).containsExactly("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/subscriptions/"
                + "acknowledged\",\"params\":{\"_meta\":{\"io.modelcontextprotocol/subscriptionId\":1700000000000},"
                + "\"notifications\":{\"toolsListChanged\":true,\"resourceSubscriptions\":[\"test://a\"]}}}");
        changes.promptsChanged();
        changes.resourcesChanged();
        changes.resourceUpdated("test://b");
        assertThat(wire.notifications).hasSize(1);
        changes.toolsChanged();
        changes.resourceUpdated("test://a");
        assertThat(wire.notifications.subList(1, 3)).containsExactly(
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\",\"params\":{\"_meta\":"
                        + "{\"io.modelcontextprotocol/subscriptionId\":1700000000000}}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\",\"params\":{\"_meta\":"
                        + "{\"io.modelcontextprotocol/subscriptionId\":1700000000000},\"uri\":\"test://a\"}}");
        List<JsonNode> sent = wire.sent();
    }

    @Test
    void eachStreamGetsItsOwnTagAndFilter() {
        Wire wire = wire();
        wire.send(listen("tools", "{\"toolsListChanged\":true}"));
        wire.send(listen("prompts", "{\"promptsListChanged\":true,\"resourcesListChanged\":true}"));
        wire.notifications.clear();
        changes.promptsChanged();
        changes.resourcesChanged();
        changes.toolsChanged();
        assertThat(wire.sent()).extracting(n -> n.path("method").asString() + " "
                + n.at("/params/_meta/io.modelcontextprotocol~1subscriptionId").asString()).containsExactly(
                        "notifications/prompts/list_changed prompts", "notifications/resources/list_changed prompts",
                        "notifications/tools/list_changed tools");
    }

    @Test
    void withoutDeclaredChangesAListenIsAcknowledgedWithNothingHonoured() {
        Wire wire = wire(UnaryOperator.identity());
        wire.send(listen(1, "{\"toolsListChanged\":true,\"resourceSubscriptions\":[\"test://a\"]}"));
        assertThat(wire.sent().get(0).at("/params/notifications").toString()).isEqualTo("{}");
    }

    @Test
    void aBadFilterIsRefusedBeforeAnyStreamOpens() {
        Wire wire = wire();
        assertError(wire.modern(1, "subscriptions/listen", null), 1, -32602);
        assertError(wire.send(listen(2, "{\"toolsListChanged\":\"yes\"}")), 2, -32602);
        assertError(wire.send(listen(3, "{\"resourceSubscriptions\":\"test://a\"}")), 3, -32602);
        assertError(wire.send(listen(4, "{\"resourceSubscriptions\":[1]}")), 4, -32602);
        assertThat(wire.notifications).isEmpty();
    }

    @Test
    void listenIsNotALegacyMethod() {
        Wire wire = wire();
        wire.initialize();
        assertError(wire.legacy(1, "subscriptions/listen", "{\"notifications\":{}}"), 1, -32601);
    }

    @Test
    void aCancelledListenStopsSilently() {
        Wire wire = wire();
        CompletableFuture<Reply> end = wire.sendAsync(listen(5, "{\"toolsListChanged\":true}"), Runnable::run);
        wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":5}}");
        assertThat(end).isCompleted();
        assertThat(end.join().kind()).isEqualTo(Reply.Kind.UNANSWERED);
        changes.toolsChanged();
        assertThat(wire.notifications).hasSize(1);
    }

    @Test
    void aClientGoneClosesTheStream() {
        Wire wire = wire();
        CompletableFuture<Reply> end = wire.sendAsync(listen(5, "{\"toolsListChanged\":true}"), Runnable::run);
        wire.clientPresent = false;
        changes.toolsChanged();
        assertThat(end.join().kind()).isEqualTo(Reply.Kind.UNANSWERED);
        wire.clientPresent = true;
        changes.toolsChanged();
        assertThat(wire.notifications).hasSize(1);
    }

    @Test
    void closingTheServerEndsListensWithTheirResultThenCancelledOnStdio() {
        Wire wire = wire();
        CompletableFuture<Reply> end = wire.sendAsync(listen("sub-1", "{\"toolsListChanged\":true}"), Runnable::run);
        wire.server.close();
        JsonNode result = Wire.body(end.join());
        assertThat(result.toString()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"sub-1\",\"result\":{\"resultType\":"
                + "\"complete\",\"_meta\":{\"io.modelcontextprotocol/subscriptionId\":\"sub-1\","
                + "\"io.modelcontextprotocol/serverInfo\":{\"name\":\"test-server\",\"version\":\"1.2.3\"}}}}");
        JsonNode cancelled = wire.sent().get(1);
        assertThat(cancelled.toString()).isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                + "\"params\":{\"requestId\":\"sub-1\"}}");
        changes.toolsChanged();
        assertThat(wire.notifications).hasSize(2);
        // a closed server opens no stream
        assertError(wire.send(listen(2, "{}")), 2, -32600);
        assertThat(wire.last.kind()).isEqualTo(Reply.Kind.OVER_LIMIT);
    }

    @Test
    void overHttpTheServerEndsAListenWithItsResultOnly() {
        Wire wire = wire().http();
        wire.modernHeaders("subscriptions/listen");
        CompletableFuture<Reply> end = wire.sendAsync(listen(1, "{\"toolsListChanged\":true}"), Runnable::run);
        wire.server.close();
        assertThat(Wire.body(end.join()).at("/result/resultType").asString()).isEqualTo("complete");
        assertThat(wire.notifications).hasSize(1);
    }

    @Test
    void streamsAreBoundedPerServer() {
        Wire wire = wire(b -> b.catalogChanges(changes).maxStreams(2));
        wire.send(listen(1, "{}"));
        wire.send(listen(2, "{}"));
        JsonNode refused = wire.send(listen(3, "{}"));
        assertError(refused, 3, -32600);
        assertThat(refused.at("/error/message").asString()).contains("at most 2 open streams");
        assertThat(wire.last.refused()).isTrue();
        assertThat(wire.last.kind()).isEqualTo(Reply.Kind.OVER_LIMIT);
        assertThat(wire.notifications).as("no acknowledgement for the refused one").hasSize(2);
        wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}");
        assertThat(wire.send(listen(4, "{}"))).as("a slot freed").isNull();
    }

    @Test
    void streamsAreBoundedPerSession() {
        Wire wire = wire(b -> b.catalogChanges(changes).maxStreamsPerSession(1));
        wire.send(listen(1, "{}"));
        assertError(wire.send(listen(2, "{}")), 2, -32600);
        assertThat(wire.last.kind()).isEqualTo(Reply.Kind.OVER_LIMIT);
    }

    @Test
    void aCallerHoldsItsShareOfStreamsAndOnePastItIsRefusedWhileOthersStillOpen() throws Exception {
        Wire wire = wire(b -> b.catalogChanges(changes).maxStreamsPerCaller(2)).http();
        wire.modernHeaders("subscriptions/listen");
        wire.principal = () -> "alice";
        assertThat(wire.sendAsync(listen(1, "{}"), Runnable::run)).as("at the share").isNotDone();
        assertThat(wire.sendAsync(listen(2, "{}"), Runnable::run)).isNotDone();

        Reply refused = wire.sendAsync(listen(3, "{}"), Runnable::run).get(10, TimeUnit.SECONDS);
        assertThat(refused.kind()).isEqualTo(Reply.Kind.OVER_LIMIT);
        assertThat(Wire.body(refused).at("/error/message").asString())
                .isEqualTo("Too many open streams: a caller holds at most 2 open streams");

        wire.principal = () -> "bob";
        assertThat(wire.sendAsync(listen(4, "{}"), Runnable::run)).as("another caller's share").isNotDone();
        wire.principal = null;
        for (int id = 5; id <= 7; id++) {
            assertThat(wire.sendAsync(listen(id, "{}"), Runnable::run)).as("no named caller: no share").isNotDone();
        }
        assertThat(wire.server.openStreams()).isEqualTo(6);

        wire.onClose.get(0).run();
        wire.principal = () -> "alice";
        assertThat(wire.sendAsync(listen(8, "{}"), Runnable::run)).as("a slot of hers freed").isNotDone();
    }

    // ---- recompilation --------------------------------------------------------------------------------

    @Test
    void aReportedChangeServesTheNewListAtOnce() {
        Wire wire = wire();
        tools.set(List.of(ToolSpec.builder("one").build(), ToolSpec.builder("two").build()));
        assertThat(result(wire.modern(1, "tools/list", null)).path("tools")).hasSize(1);
        changes.toolsChanged();
        assertThat(result(wire.modern(2, "tools/list", null)).path("tools")).hasSize(2);
        assertThat(result(wire.modern(3, "tools/call", "\"name\":\"two\"")).at("/content/0/text").asString())
                .isEqualTo("ok");
    }

    @Test
    void aChangedListThatNoLongerCompilesKeepsThePreviousOneAndNotifiesNobody() {
        Wire wire = wire();
        wire.send(listen(1, "{\"toolsListChanged\":true}"));
        tools.set(List.of(ToolSpec.builder("not a valid name!").build()));
        changes.toolsChanged();
        assertThat(wire.notifications).hasSize(1);
        assertThat(result(wire.modern(2, "tools/list", null)).at("/tools/0/name").asString()).isEqualTo("one");
    }

    @Test
    void aCatalogThatFailsToListKeepsThePreviousListAndNotifiesNobody() {
        Wire wire = wire();
        wire.send(listen(1, "{\"toolsListChanged\":true}"));
        tools.set(null);
        changes.toolsChanged();
        assertThat(wire.notifications).hasSize(1);
        assertThat(result(wire.modern(2, "tools/list", null)).at("/tools/0/name").asString()).isEqualTo("one");
    }

    // ---- 2025-11-25 -----------------------------------------------------------------------------------

    @Test
    void aLegacyStdioSessionGetsChangesAfterInitializedAndUpdatesForItsSubscriptions() {
        Wire wire = wire();
        changes.toolsChanged();
        wire.legacy(0, "initialize", "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}");
        changes.toolsChanged();
        assertThat(wire.notifications).as("nothing before notifications/initialized").isEmpty();
        wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");

        assertThat(wire.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/subscribe\",\"params\":"
                + "{\"uri\":\"test://a\"}}")).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}");
        changes.resourceUpdated("test://b");
        changes.resourceUpdated("test://a");
        changes.toolsChanged();
        changes.promptsChanged();
        changes.resourcesChanged();
        assertThat(wire.notifications).containsExactly(
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\",\"params\":{\"uri\":\"test://a\"}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/prompts/list_changed\"}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/list_changed\"}");
        List<JsonNode> sent = wire.sent();

        assertThat(wire.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/unsubscribe\",\"params\":"
                + "{\"uri\":\"test://a\"}}")).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
        changes.resourceUpdated("test://a");
        assertThat(wire.notifications).hasSize(4);
    }

    @Test
    void subscribingNeedsAReadableUri() {
        Wire wire = wire();
        wire.initialize();
        JsonNode response = wire.legacy(1, "resources/subscribe", "{\"uri\":\"test://nope\"}");
        assertError(response, 1, -32002);
        assertThat(response.at("/error/data/uri").asString()).isEqualTo("test://nope");
        assertError(wire.legacy(2, "resources/subscribe", "{}"), 2, -32602);
        assertError(wire.legacy(3, "resources/unsubscribe", "{\"uri\":5}"), 3, -32602);
    }

    @Test
    void withoutDeclaredChangesSubscribeIsNotOffered() {
        Wire wire = wire(UnaryOperator.identity());
        wire.initialize();
        assertError(wire.legacy(1, "resources/subscribe", "{\"uri\":\"test://a\"}"), 1, -32601);
        assertError(wire.legacy(2, "resources/unsubscribe", "{\"uri\":\"test://a\"}"), 2, -32601);
    }

    @Test
    void aLegacyHttpSessionGetsChangesOnTheStreamItOpensUntilTheSessionEnds() {
        Wire wire = wire().http();
        wire.initialize();
        changes.toolsChanged();
        assertThat(wire.notifications).as("over HTTP only an open stream carries changes").isEmpty();
        wire.withSession = true;
        CompletableFuture<Reply> end = new CompletableFuture<>();
        assertThat(wire.server.openStream(wire.exchange(), end::complete)).isNull();
        changes.toolsChanged();
        assertThat(wire.notifications).containsExactly("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}");
        wire.session.close();
        assertThat(end.join().kind()).isEqualTo(Reply.Kind.UNANSWERED);
        changes.toolsChanged();
        assertThat(wire.notifications).hasSize(1);
    }

    @Test
    void aStreamNeedsAnOpenSessionAndRespectsTheSessionBound() {
        Wire wire = wire(b -> b.catalogChanges(changes).maxStreamsPerSession(1)).http();
        Reply missing = wire.server.openStream(wire.exchange(), reply -> { });
        assertThat(missing.kind()).isEqualTo(Reply.Kind.SESSION_MISSING);
        wire.initialize();
        wire.withSession = true;
        assertThat(wire.server.openStream(wire.exchange(), reply -> { })).isNull();
        Reply second = wire.server.openStream(wire.exchange(), reply -> { });
        assertThat(second.kind()).isEqualTo(Reply.Kind.OVER_LIMIT);
        assertThat(Wire.body(second).at("/error/code").asInt()).isEqualTo(-32600);
        assertThat(Wire.body(second).has("id")).isFalse();
    }
}
