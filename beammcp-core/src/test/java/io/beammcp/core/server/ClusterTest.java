package io.beammcp.core.server;

import io.beammcp.core.CallContext;
import io.beammcp.core.Content;
import io.beammcp.core.InputRequest;
import io.beammcp.core.LogLevel;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceEntry;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.TaskSupport;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.spi.McpAccessPolicy;
import io.beammcp.core.spi.McpClusterLink;
import io.beammcp.core.spi.Reply;
import io.beammcp.core.tasks.InMemoryTaskStore;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.tasks.TaskSettings;
import io.beammcp.core.internal.tasks.TasksExtension;
import io.beammcp.testsupport.Messages;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two servers joined by an in-memory cluster link: what is raised on one reaches the streams of the other, with
 * the same visibility; a 2025-11-25 session written by one is served by the other; what a client sends one about a
 * request the other holds reaches it; a task changed through one reaches its work and its listeners on the other
 * at once: the store's watch, the safety net, runs here only once an hour.
 */
@Timeout(30)
class ClusterTest {

    private static final String EXT = TasksTest.EXT;
    private static final Duration WATCH = Duration.ofHours(1);
    private static final String ALL_CAPABILITIES = "{\"elicitation\":{},\"sampling\":{},\"roots\":{}}";

    private static final McpAccessPolicy POLICY = VisibleChangesTest.POLICY;

    private final Hub hub = new Hub();
    private final ExecutorService hostThreads = Executors.newCachedThreadPool();
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch slowRuns = new CountDownLatch(1);
    private final CountDownLatch confirmAsks = new CountDownLatch(1);
    private final List<String> interrupted = new CopyOnWriteArrayList<>();
    private final List<ToolSpec> tools = new CopyOnWriteArrayList<>(List.of(
            ToolSpec.builder("open").icons(List.of(io.beammcp.core.Icon.of("https://example.com/i.png"))).build(),
            ToolSpec.builder("slow").taskSupport(TaskSupport.OPTIONAL).build(),
            ToolSpec.builder("confirm").taskSupport(TaskSupport.OPTIONAL).build(),
            ToolSpec.builder("greet").build(), ToolSpec.builder("chatty").build()));
    private final InMemoryTaskStore store = new InMemoryTaskStore(100);

    @AfterEach
    void stop() {
        release.countDown();
        hostThreads.shutdownNow();
    }

    /** One instance: its own changes, the shared catalog, task store and hub. */
    private final class Instance {
        final CatalogChanges changes = new CatalogChanges();
        final McpServer server;

        Instance() {
            Catalog catalog = new Catalog() {
                @Override
                public List<ToolSpec> tools() {
                    return List.copyOf(tools);
                }

                @Override
                public List<ResourceEntry> resources() {
                    return List.of(ResourceSpec.builder("test://open", "open").build(),
                            ResourceSpec.builder("test://secret", "secret").build());
                }
            };
            server = McpServer.builder(catalog, ClusterTest.this::run)
                    .resourceReader((uri, ctx) -> ReadResult.of(ResourceContents.text(uri, "text/plain", "x")))
                    .catalogChanges(changes).accessPolicy(POLICY)
                    .extension("tasks", new TasksExtension(store, new TaskSettings(Duration.ofHours(1),
                            Duration.ofSeconds(1), Duration.ofMillis(100), WATCH, Duration.ofDays(1), hostThreads),
                            new JsonCodec(1 << 20), Clock.systemUTC()))
                    .cluster(hub.link()).build();
        }

        Wire as(String name) {
            Wire wire = new Wire(server);
            wire.principal = () -> name;
            return wire;
        }
    }

    private ToolResult run(String name, Map<String, Object> args, CallContext context) throws Exception {
        switch (name) {
            case "slow", "confirm" -> {
                context.startTask();
                if (name.equals("confirm")) {
                    confirmAsks.await(10, TimeUnit.SECONDS);
                    return ToolResult.of("answer: " + context.ask("ok", InputRequest.elicitation("Sure?",
                            Map.of("type", "object"))).get("action"));
                }
                try {
                    slowRuns.countDown();
                    release.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    interrupted.add(name);
                    throw e;
                }
                return ToolResult.of("slow done");
            }
            case "greet" -> {
                Map<String, Object> answer = context.ask("name", InputRequest.elicitation("Your name?",
                        Map.of("type", "object")));
                return ToolResult.of("Hello, " + ((Map<?, ?>) answer.get("content")).get("name"));
            }
            case "chatty" -> {
                context.log(LogLevel.INFO, "test", "informative");
                context.log(LogLevel.WARNING, "test", "worrying");
                return ToolResult.content(Content.text("said"));
            }
            default -> {
                return ToolResult.of("ok");
            }
        }
    }

    // ---- events -----------------------------------------------------------------------------------------

    @Test
    void aListChangeOnAReachesTheStreamsOnBWhoseCallerSeesAnEntryThatChanged() {
        Instance a = new Instance();
        Instance b = new Instance();
        Wire alice = listening(b.as("alice"));
        Wire bob = listening(b.as("bob"));
        Wire bobLegacy = legacyStream(b, "bob");

        tools.add(ToolSpec.builder("secret").build());
        a.changes.toolsChanged();
        assertThat(methods(alice)).containsExactly("notifications/tools/list_changed");
        assertThat(bob.notifications).as("bob cannot see the tool that changed").isEmpty();
        assertThat(bobLegacy.notifications).isEmpty();

        tools.add(ToolSpec.builder("two").build());
        a.changes.toolsChanged();
        assertThat(methods(alice)).hasSize(2);
        assertThat(methods(bob)).containsExactly("notifications/tools/list_changed");
        assertThat(methods(bobLegacy)).containsExactly("notifications/tools/list_changed");
        assertThat(hub.published).as("what B received it did not publish again").hasSize(2);
    }

    @Test
    void aResourceUpdateOnAReachesTheSubscribersOnB() {
        Instance a = new Instance();
        Instance b = new Instance();
        Wire listener = b.as("bob");
        listener.send(Wire.modernText(1, "subscriptions/listen",
                "\"notifications\":{\"resourceSubscriptions\":[\"test://open\"]}", Wire.MODERN_META));
        listener.notifications.clear();
        Wire legacy = legacyStream(b, "bob");
        result(legacy.legacy(2, "resources/subscribe", "{\"uri\":\"test://open\"}"));

        a.changes.resourceUpdated("test://open");
        assertThat(listener.sent()).extracting(n -> n.at("/params/uri").asString()).containsExactly("test://open");
        assertThat(legacy.notifications).containsExactly(
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\",\"params\":{\"uri\":\"test://open\"}}");
    }

    @Test
    void anEventNoInstanceWroteIsDroppedWithoutHarm() {
        Instance b = new Instance();
        Wire alice = listening(b.as("alice"));
        for (String event : List.of("not json", "[]", "{\"v\":2,\"type\":\"list\",\"list\":\"TOOLS\"}",
                "{\"v\":1,\"type\":\"list\",\"list\":\"NOTHING\"}", "{\"v\":1,\"type\":\"list\",\"list\":\"TOOLS\","
                        + "\"entries\":[[\"NOTHING\",\"x\"]]}", "{\"v\":1,\"type\":\"unknown\"}",
                "{\"v\":1,\"type\":\"extension\",\"extension\":\"io.modelcontextprotocol/tasks\",\"message\":"
                        + "{\"task\":\"no such task\"}}")) {
            hub.receivers.forEach(receiver -> receiver.accept(event.getBytes(StandardCharsets.UTF_8)));
        }
        assertThat(alice.notifications).isEmpty();
        hub.receivers.forEach(receiver -> receiver.accept(
                "{\"v\":1,\"type\":\"list\",\"list\":\"TOOLS\"}".getBytes(StandardCharsets.UTF_8)));
        assertThat(methods(alice)).as("the server still hears well-formed events").containsExactly(
                "notifications/tools/list_changed");
    }

    // ---- sessions ---------------------------------------------------------------------------------------

    @Test
    void aSessionOpenedOnAIsServedOnBAsOnA() {
        Instance a = new Instance();
        Instance b = new Instance();
        Wire onA = a.as("carol").http();
        onA.send(Messages.legacy(0, "initialize", "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}"));
        onA.withSession = true;
        Keeper kept = new Keeper();
        onA.session.keep(kept);
        onA.send(Messages.notification("notifications/initialized"));
        result(onA.legacy(1, "logging/setLevel", "{\"level\":\"warning\"}"));
        result(onA.legacy(2, "resources/subscribe", "{\"uri\":\"test://open\"}"));
        result(onA.legacy(3, "resources/subscribe", "{\"uri\":\"test://open\"}"));
        assertThat(kept.states).as("each change, once, before its answer").hasSize(3);

        Wire onB = b.as("carol").http();
        onB.withSession = true;
        onB.session = McpServer.restoreSession(onA.session.owner(), kept.states.get(2));
        assertThat(onB.session.owner()).isEqualTo("carol");
        assertThat(onB.session.isInitialized()).isTrue();
        JsonNode listed = null;
        for (JsonNode tool : result(onB.legacy(4, "tools/list", null)).path("tools")) {
            listed = tool.path("name").asString().equals("open") ? tool : listed;
        }
        assertThat(listed.has("icons")).as("shaped for the 2025-06-18 session").isFalse();
        Reply called = onB.server.handle(Messages.legacy(5, "tools/call", "{\"name\":\"chatty\"}")
                .getBytes(StandardCharsets.UTF_8), onB.exchange());
        assertThat(called.kind()).isEqualTo(Reply.Kind.RESULT);
        assertThat(onB.sent()).extracting(n -> n.at("/params/data").asString()).as("the level set on A")
                .containsExactly("worrying");
        onB.notifications.clear();
        assertThat(b.server.openStream(onB.exchange(), reply -> { })).isNull();
        b.changes.resourceUpdated("test://open");
        assertThat(onB.sent()).extracting(n -> n.at("/params/uri").asString()).as("the subscription made on A")
                .containsExactly("test://open");

        onB.session.keep(kept);
        result(onB.legacy(6, "resources/unsubscribe", "{\"uri\":\"test://open\"}"));
        onA.session.restore(kept.states.get(3));
        assertThat(onA.session.state()).as("a change on B read back on A").contains("\"subscriptions\":[]")
                .contains("\"logLevel\":\"warning\"");
    }

    @Test
    void elicitationAnswersSentToTheOtherInstanceReachTheCallsWaitingOnEach() throws Exception {
        Wire[] pair = joinedSession();
        List<CompletableFuture<Reply>> replies = new ArrayList<>();
        List<JsonNode> asked = new ArrayList<>();
        for (Wire wire : pair) {
            replies.add(wire.sendAsync(Messages.legacy(7, "tools/call", "{\"name\":\"greet\"}"), hostThreads));
            asked.add(awaitSent(wire, n -> n.path("method").asString().equals("elicitation/create")).get("id"));
        }
        assertThat(asked.get(1)).as("each instance asks under ids of its own").isNotEqualTo(asked.get(0));
        for (int i = 0; i < 2; i++) {
            assertThat(pair[1 - i].send("{\"jsonrpc\":\"2.0\",\"id\":" + asked.get(i) + ",\"result\":{\"action\":"
                    + "\"accept\",\"content\":{\"name\":\"N" + i + "\"}}}")).isNull();
            JsonNode answered = Wire.body(replies.get(i).get(10, TimeUnit.SECONDS));
            assertThat(result(answered).at("/content/0/text").asString()).isEqualTo("Hello, N" + i);
        }
    }

    @Test
    void aCancellationSentToAnotherInstanceStopsTheCallThere() throws Exception {
        Wire[] pair = joinedSession();
        CompletableFuture<Reply> reply = pair[0].sendAsync(Messages.legacy(8, "tools/call", "{\"name\":\"slow\"}"),
                hostThreads);
        assertThat(slowRuns.await(10, TimeUnit.SECONDS)).as("its host code runs").isTrue();
        pair[1].send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":8}}");
        assertThat(reply.get(10, TimeUnit.SECONDS).kind()).isEqualTo(Reply.Kind.UNANSWERED);
        awaitTrue(() -> interrupted.contains("slow"));
    }

    /** One session, opened on an instance and restored on another, each copy relaying to the other. */
    private Wire[] joinedSession() {
        Wire onA = new Instance().as("dave").http();
        onA.send(Messages.legacy(0, "initialize", "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":"
                + ALL_CAPABILITIES + ",\"clientInfo\":{\"name\":\"d\",\"version\":\"1\"}}"));
        onA.withSession = true;
        onA.send(Messages.notification("notifications/initialized"));
        Wire onB = new Instance().as("dave").http();
        onB.withSession = true;
        onB.session = McpServer.restoreSession(onA.session.owner(), onA.session.state());
        List<LegacySession> copies = List.of(onA.session, onB.session);
        for (LegacySession copy : copies) {
            copy.keep(new Keeper() {
                @Override
                public void relay(LegacySession session, byte[] message) {
                    copies.stream().filter(other -> other != session).forEach(other -> other.receive(message));
                }
            });
        }
        return new Wire[] {onA, onB};
    }

    // ---- tasks ------------------------------------------------------------------------------------------

    @Test
    void aTaskCancelledOnBStopsItsWorkOnAAtOnceAndAListenerOnBHearsItsEnd() throws Exception {
        Wire onB = new Instance().as("erin");
        String taskId = taskOnAListenedOnB(new Instance(), "slow", onB);
        result(onB.send(Wire.modernText(3, "tasks/cancel", "\"taskId\":\"" + taskId + "\"", EXT)));
        awaitTrue(() -> interrupted.contains("slow"));
        JsonNode told = awaitSent(onB, n -> n.at("/params/status").asString().equals("cancelled"));
        assertThat(told.at("/params/taskId").asString()).isEqualTo(taskId);
    }

    @Test
    void anInputAskedOnAIsHeardOnBAndTheAnswerGivenOnBWakesTheTaskWaitingOnA() throws Exception {
        Wire onB = new Instance().as("erin");
        String taskId = taskOnAListenedOnB(new Instance(), "confirm", onB);
        confirmAsks.countDown();
        awaitSent(onB, n -> n.at("/params/status").asString().equals("input_required"));
        result(onB.send(Wire.modernText(3, "tasks/update", "\"taskId\":\"" + taskId
                + "\",\"inputResponses\":{\"ok\":{\"action\":\"accept\"}}", EXT)));
        JsonNode done = awaitSent(onB, n -> n.at("/params/status").asString().equals("completed"));
        assertThat(done.at("/params/result/content/0/text").asString()).isEqualTo("answer: accept");
    }

    @Test
    void theTasksOfAnInstanceThatShutsDownFailAndAListenerOnAnotherHearsIt() throws Exception {
        Wire onB = new Instance().as("erin");
        Instance a = new Instance();
        String taskId = taskOnAListenedOnB(a, "slow", onB);
        a.server.close();
        assertThat(awaitSent(onB, n -> n.at("/params/status").asString().equals("failed")).at("/params/taskId")
                .asString()).isEqualTo(taskId);
    }

    // ---- helpers ----------------------------------------------------------------------------------------

    /** Calls {@code tool} as a task on {@code a}, and listens to the task through {@code onB}; the task's id. */
    private static String taskOnAListenedOnB(Instance a, String tool, Wire onB) {
        String taskId = result(a.as("erin").send(Wire.modernText(1, "tools/call", "\"name\":\"" + tool + "\"", EXT)))
                .path("taskId").asString();
        onB.send(Wire.modernText(2, "subscriptions/listen", "\"notifications\":{\"taskIds\":[\"" + taskId + "\"]}", EXT));
        return taskId;
    }

    /** Carries each event to every other server, at once, on the publisher's thread. */
    static final class Hub {
        final List<Consumer<byte[]>> receivers = new CopyOnWriteArrayList<>();
        final List<byte[]> published = new CopyOnWriteArrayList<>();

        McpClusterLink link() {
            return new McpClusterLink() {
                private Consumer<byte[]> own;

                @Override
                public void start(Consumer<byte[]> receiver) {
                    own = receiver;
                    receivers.add(receiver);
                }

                @Override
                public void publish(byte[] event) {
                    published.add(event);
                    receivers.stream().filter(receiver -> receiver != own).forEach(receiver -> receiver.accept(event));
                }
            };
        }
    }

    /** A store of one session's states, as a shared store would write them. */
    private static class Keeper implements LegacySession.Keeper {
        final List<String> states = new ArrayList<>();

        @Override
        public void changed(LegacySession session) {
            states.add(session.state());
        }

        @Override
        public void relay(LegacySession session, byte[] message) {
        }
    }

    private static Wire listening(Wire wire) {
        assertThat(wire.send(Wire.modernText(1, "subscriptions/listen", "\"notifications\":{\"toolsListChanged\":true,"
                + "\"resourcesListChanged\":true}", Wire.MODERN_META))).isNull();
        wire.notifications.clear();
        return wire;
    }

    private static Wire legacyStream(Instance instance, String name) {
        Wire wire = instance.as(name).http();
        wire.initialize();
        wire.withSession = true;
        assertThat(instance.server.openStream(wire.exchange(), reply -> { })).isNull();
        return wire;
    }

    private static List<String> methods(Wire wire) {
        return wire.sent().stream().map(n -> n.path("method").asString()).toList();
    }

    private static JsonNode awaitSent(Wire wire, Predicate<JsonNode> wanted) throws InterruptedException {
        awaitTrue(() -> wire.sent().stream().anyMatch(wanted));
        return wire.sent().stream().filter(wanted).findFirst().orElseThrow();
    }

    /** Waits up to 10 s (hang detection only): without the cluster, a task's change waits for the hourly watch. */
    private static void awaitTrue(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(condition.getAsBoolean()).as("within 10 s").isTrue();
    }
}
