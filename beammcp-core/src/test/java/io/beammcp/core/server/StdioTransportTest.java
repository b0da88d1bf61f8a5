package io.beammcp.core.server;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class StdioTransportTest {

    private final CountDownLatch release = new CountDownLatch(1);
    private final McpServer server = McpServer.builder(Catalog.of(List.of(
            ToolSpec.builder("slow").build(), ToolSpec.builder("fast").build())), (name, args, ctx) -> {
                if (name.equals("slow")) {
                    release.await(20, TimeUnit.SECONDS);
                }
                return ToolResult.of(name + " done");
            }).maxMessageSize(200).build();

    private static String call(Object id, String tool) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool + "\","
                + Wire.MODERN_META + "}}";
    }

    private List<JsonNode> serveAll(String input) throws Exception {
        return serveAll(input, server);
    }

    private static List<JsonNode> serveAll(String input, McpServer server) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new StdioTransport(server).serve(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out);
        List<JsonNode> lines = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n", -1)) {
            if (!line.isEmpty()) {
                lines.add(Wire.JSON.readTree(line));
            }
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).matches("(?s)|.*\n");
        return lines;
    }

    @Test
    void aLineOverTheCapIsRefusedUnreadAndTheNextLineIsAnswered() throws Exception {
        String exactlyAtCap = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\",\"params\":{\"p\":\"";
        exactlyAtCap = exactlyAtCap + "x".repeat(200 - exactlyAtCap.length() - 3) + "\"}}";
        assertThat(exactlyAtCap).hasSize(200);
        String onePast = exactlyAtCap.replace("\"p\":\"x", "\"p\":\"xx");
        assertThat(onePast).hasSize(201);
        List<JsonNode> lines = serveAll(onePast + "\n" + exactlyAtCap + "\r\n");
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).path("error").path("code").asInt()).isEqualTo(-32600);
        assertThat(lines.get(0).has("id")).isFalse();
        assertThat(lines.get(1).path("id").asInt()).isEqualTo(2);
        assertThat(lines.get(1).path("result").isObject()).isTrue();
    }

    @Test
    void aHugeLineIsDrainedWithoutBeingKept() throws Exception {
        List<JsonNode> lines = serveAll("[" + "1,".repeat(5_000_000) + "1]\n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}");
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).path("error").path("code").asInt()).isEqualTo(-32600);
        assertThat(lines.get(1).path("id").asInt()).isEqualTo(3);
    }

    @Test
    void argumentsTheValidatorCannotReadAreRefusedWithTheirIdsAndTheNextLineIsAnswered() throws Exception {
        // a decimal past long for an integer bound, and a string a pattern's recursion overflows the stack on
        McpServer strict = McpServer.builder(Catalog.of(List.of(
                ToolSpec.builder("days").inputSchema("{\"type\":\"object\",\"properties\":{\"n\":"
                        + "{\"type\":\"integer\",\"minimum\":1,\"maximum\":7}}}").build(),
                ToolSpec.builder("code").inputSchema("{\"type\":\"object\",\"properties\":{\"n\":"
                        + "{\"type\":\"string\",\"pattern\":\"^(a|b)*$\"}}}").build())),
                (name, args, ctx) -> ToolResult.of("ran")).build();
        String days = call(1, "days").replace("\"name\":\"days\",", "\"name\":\"days\",\"arguments\":{\"n\":1e19},");
        String code = call(2, "code").replace("\"name\":\"code\",",
                "\"name\":\"code\",\"arguments\":{\"n\":\"" + "a".repeat(500_000) + "\"},");
        List<JsonNode> lines = serveAll(days + "\n" + code + "\n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n",
                strict);
        assertThat(lines).hasSize(3);
        Set<Integer> refused = new HashSet<>();
        for (JsonNode line : lines) {
            if (line.path("result").path("isError").asBoolean()) {
                refused.add(line.path("id").asInt());
            }
        }
        assertThat(refused).containsExactlyInAnyOrder(1, 2);
        assertThat(lines.get(2).path("id").asInt()).isEqualTo(3);
    }

    @Test
    void blankLinesAreSkippedAndCarriageReturnsTolerated() throws Exception {
        List<JsonNode> lines = serveAll("\n  \r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r\n\n\t\n");
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0).path("id").asInt()).isEqualTo(1);
    }

    @Test
    void aSlowCallDoesNotDelayALaterPing() throws Exception {
        try (StdioPeer peer = new StdioPeer(server)) {
            peer.send(call(1, "slow") + "\n" + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n" + call(3, "fast"));
            Set<Integer> early = new HashSet<>();
            early.add(peer.next().path("id").asInt());
            early.add(peer.next().path("id").asInt());
            assertThat(early).containsExactlyInAnyOrder(2, 3);
            release.countDown();
            assertThat(peer.next().path("id").asInt()).isEqualTo(1);
        }
    }

    private static final int PROCESSORS = Runtime.getRuntime().availableProcessors();
    private volatile boolean spinning = true;
    private final CountDownLatch gathered = new CountDownLatch(StdioTransport.MAX_IN_FLIGHT);
    private final McpServer workload = McpServer.builder(Catalog.of(List.of(ToolSpec.builder("slow").build(),
            ToolSpec.builder("spin").build(), ToolSpec.builder("gather").build(), ToolSpec.builder("fast").build())),
            (name, args, ctx) -> {
                switch (name) {
                    case "slow" -> release.await(20, TimeUnit.SECONDS);
                    case "spin" -> {
                        while (spinning) {
                            Thread.onSpinWait();
                        }
                    }
                    case "gather" -> {
                        gathered.countDown();
                        return ToolResult.of(gathered.await(20, TimeUnit.SECONDS) ? "all ran at once" : "alone");
                    }
                    default -> {
                    }
                }
                return ToolResult.of(name + " done");
            }).build();

    @Test
    void callsBlockedBeyondTheProcessorCountDoNotHoldBackALaterCall() throws Exception {
        try (StdioPeer peer = new StdioPeer(workload)) {
            for (int i = 0; i < PROCESSORS + 2; i++) {
                peer.send(call(i, "slow"));
            }
            peer.send(call(100, "fast"));
            assertThat(peer.next().path("id").asInt()).isEqualTo(100);
            release.countDown();
            Set<Integer> ids = new HashSet<>();
            for (int i = 0; i < PROCESSORS + 2; i++) {
                ids.add(peer.next().path("id").asInt());
            }
            assertThat(ids).hasSize(PROCESSORS + 2).doesNotContain(100);
        }
    }

    @Test
    void callsComputingOnEveryProcessorDoNotHoldBackALaterCallForLong() throws Exception {
        try (StdioPeer peer = new StdioPeer(workload)) {
            for (int i = 0; i < PROCESSORS; i++) {
                peer.send(call(i, "spin"));
            }
            peer.send(call(100, "fast"));
            assertThat(peer.next().path("id").asInt()).as("answered while every spin still runs").isEqualTo(100);
            spinning = false;
            for (int i = 0; i < PROCESSORS; i++) {
                assertThat(peer.next().at("/result/content/0/text").asString()).isEqualTo("spin done");
            }
        } finally {
            spinning = false;
        }
    }

    @Test
    void asManyCallsAsMayBeInFlightRunAtOnce() throws Exception {
        try (StdioPeer peer = new StdioPeer(workload)) {
            for (int i = 0; i < StdioTransport.MAX_IN_FLIGHT; i++) {
                peer.send(call(i, "gather"));
            }
            for (int i = 0; i < StdioTransport.MAX_IN_FLIGHT; i++) {
                assertThat(peer.next().at("/result/content/0/text").asString()).isEqualTo("all ran at once");
            }
        }
    }

    private final java.util.concurrent.Semaphore held = new java.util.concurrent.Semaphore(0);
    private final java.util.concurrent.Semaphore started = new java.util.concurrent.Semaphore(0);
    private final McpServer holding = McpServer.builder(Catalog.of(List.of(ToolSpec.builder("hold").build())),
            (name, args, ctx) -> {
                started.release();
                assertThat(held.tryAcquire(20, TimeUnit.SECONDS)).as("released by the test").isTrue();
                return ToolResult.of("held");
            }).build();

    private static final String DISCOVER = "{\"jsonrpc\":\"2.0\",\"id\":\"d\",\"method\":\"server/discover\","
            + "\"params\":{" + Wire.MODERN_META + "}}";

    @Test
    void messagesWithoutHostCodeAreAnsweredWhileEverySlotIsTakenAndAsManyCallsWaitForOne() throws Exception {
        int calls = StdioTransport.MAX_IN_FLIGHT + StdioTransport.MAX_WAITING;
        try (StdioPeer peer = new StdioPeer(holding)) {
            StringBuilder input = new StringBuilder();
            for (int i = 0; i < calls; i++) {
                input.append(call(i, "hold")).append('\n');
            }
            peer.send(input + DISCOVER + "\n{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}\n"
                    + "{\"jsonrpc\":\"2.0\",\"id\":\"l\",\"method\":\"tools/list\",\"params\":{" + Wire.MODERN_META + "}}");
            assertThat(peer.next().at("/result/supportedVersions").isArray()).as("server/discover").isTrue();
            assertThat(peer.next().path("id").asString()).isEqualTo("p");
            assertThat(peer.next().at("/result/tools/0/name").asString()).isEqualTo("hold");
            assertThat(started.tryAcquire(StdioTransport.MAX_IN_FLIGHT, 20, TimeUnit.SECONDS)).isTrue();
            assertThat(started.availablePermits()).as("no call beyond the slots runs").isZero();
            held.release(calls);
            Set<Integer> ids = new HashSet<>();
            for (int i = 0; i < calls; i++) {
                JsonNode answer = peer.next();
                assertThat(answer.at("/result/content/0/text").asString()).isEqualTo("held");
                ids.add(answer.path("id").asInt());
            }
            assertThat(ids).hasSize(calls);
        }
    }

    @Test
    void oneCallPastTheWaitingBoundHoldsReadingUntilACallEnds() throws Exception {
        int calls = StdioTransport.MAX_IN_FLIGHT + StdioTransport.MAX_WAITING + 1;
        try (StdioPeer peer = new StdioPeer(holding)) {
            StringBuilder input = new StringBuilder();
            for (int i = 0; i < calls; i++) {
                input.append(call(i, "hold")).append('\n');
            }
            peer.send(input + "{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}");
            assertThat(started.tryAcquire(StdioTransport.MAX_IN_FLIGHT, 20, TimeUnit.SECONDS)).isTrue();
            held.release();
            assertThat(peer.next().at("/result/content/0/text").asString())
                    .as("the ping waits until a call has ended").isEqualTo("held");
            assertThat(peer.next().path("id").asString()).isEqualTo("p");
            held.release(calls);
            for (int i = 1; i < calls; i++) {
                assertThat(peer.next().at("/result/content/0/text").asString()).isEqualTo("held");
            }
        }
    }

    private final McpServer placed = McpServer.builder(Catalog.of(List.of(ToolSpec.builder("where").build())),
            (name, args, ctx) -> ToolResult.of(Thread.currentThread().getName())).build();

    @Test
    void hostCodeRunsOnTheTransportsOwnThreadsNotOnTheReadingThread() throws Exception {
        List<JsonNode> lines = serveAll(call(0, "where") + "\n", placed);
        assertThat(lines.get(0).at("/result/content/0/text").asString()).matches("beammcp-stdio-call-[0-9]+")
                .isNotEqualTo(Thread.currentThread().getName());
    }

    @Test
    void hostCodeRunsOnTheExecutorTheTransportIsGiven() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        java.util.concurrent.Executor named = task -> new Thread(task, "host-executor").start();
        new StdioTransport(placed, named).serve(new ByteArrayInputStream((call(0, "where") + "\n")
                .getBytes(StandardCharsets.UTF_8)), out);
        assertThat(Wire.JSON.readTree(out.toString(StandardCharsets.UTF_8).trim()).at("/result/content/0/text")
                .asString()).isEqualTo("host-executor");
    }

    /** Input given in one chunk, then nothing until released, then its end. */
    private static final class HeldInput extends java.io.InputStream {

        private final byte[] chunk;
        private final CountDownLatch released = new CountDownLatch(1);
        private boolean given;

        HeldInput(String chunk) {
            this.chunk = chunk.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public int read() {
            throw new UnsupportedOperationException();
        }

        @Override
        public int read(byte[] bytes, int offset, int length) throws java.io.IOException {
            if (!given) {
                given = true;
                System.arraycopy(chunk, 0, bytes, offset, chunk.length);
                return chunk.length;
            }
            try {
                released.await();
            } catch (InterruptedException e) {
                throw new java.io.InterruptedIOException();
            }
            return -1;
        }
    }

    /** Output that a client sees only once flushed; it keeps the lines of each flush. */
    private static final class FlushedOutput extends OutputStream {

        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
        final List<List<String>> flushes = new ArrayList<>();

        @Override
        public synchronized void write(int b) {
            pending.write(b);
        }

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) {
            pending.write(bytes, offset, length);
        }

        @Override
        public synchronized void flush() {
            if (pending.size() > 0) {
                flushes.add(List.of(pending.toString(StandardCharsets.UTF_8).split("\n")));
                pending.reset();
                notifyAll();
            }
        }

        synchronized int visibleLines() {
            return flushes.stream().mapToInt(List::size).sum();
        }

        synchronized boolean awaitVisible(int lines, long millis) throws InterruptedException {
            long deadline = System.currentTimeMillis() + millis;
            while (visibleLines() < lines && System.currentTimeMillis() < deadline) {
                wait(Math.max(1, deadline - System.currentTimeMillis()));
            }
            return visibleLines() >= lines;
        }
    }

    private static Thread serving(McpServer server, HeldInput in, OutputStream out) {
        Thread thread = new Thread(() -> {
            try {
                new StdioTransport(server).serve(in, out);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        thread.start();
        return thread;
    }

    @Test
    void pipelinedAnswersAreAllFlushedWhileTheInputStaysOpen() throws Exception {
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            input.append(call(i, "where")).append('\n');
        }
        // a last line without answer: the answers before it were written while more input was read
        input.append("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":99}}\n");
        HeldInput in = new HeldInput(input.toString());
        FlushedOutput out = new FlushedOutput();
        Thread thread = serving(placed, in, out);
        try {
            assertThat(out.awaitVisible(40, 10_000)).as("every answer flushed while the input stays open").isTrue();
        } finally {
            in.released.countDown();
            thread.join(10_000);
        }
    }

    @Test
    void endOfInputFinishesEveryInFlightCallBeforeReturning() throws Exception {
        release.countDown();
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            input.append(call(i, i % 10 == 0 ? "slow" : "fast")).append('\n');
        }
        List<JsonNode> lines = serveAll(input.toString());
        Set<Integer> ids = new HashSet<>();
        lines.forEach(line -> ids.add(line.path("id").asInt()));
        assertThat(lines).hasSize(1000);
        assertThat(ids).hasSize(1000);
    }

    @Test
    void shutdownAnswersAfterInFlightWorkAndStopsReading() throws Exception {
        release.countDown();
        List<JsonNode> lines = serveAll(call(1, "slow") + "\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n");
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).path("id").asInt()).isEqualTo(1);
        assertThat(lines.get(1).toString()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
    }

    @Test
    void exitEndsTheLoopWithoutAnswer() throws Exception {
        List<JsonNode> lines = serveAll("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}\n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n");
        assertThat(lines).isEmpty();
    }

    @Test
    void theProcessIsOneLegacySession() throws Exception {
        List<JsonNode> lines = serveAll("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}\n"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\n");
        assertThat(lines).hasSize(2);
        assertThat(lines.get(1).path("result").path("tools").size()).isEqualTo(2);
        assertThat(lines.get(1).path("result").has("resultType")).isFalse();
    }

    @Test
    void aClosedOutputDoesNotStopTheLoop() throws Exception {
        OutputStream closed = new OutputStream() {
            @Override
            public void write(int b) throws java.io.IOException {
                throw new java.io.IOException("closed");
            }
        };
        release.countDown();
        new StdioTransport(server).serve(new ByteArrayInputStream((call(1, "fast") + "\n" + call(2, "fast") + "\n")
                .getBytes(StandardCharsets.UTF_8)), closed);
    }

    // ---- notifications, cancellation and streams --------------------------------------------------------

    private final CatalogChanges changes = new CatalogChanges();
    private final CountDownLatch interrupted = new CountDownLatch(1);
    private final AtomicBoolean cancelledSeen = new AtomicBoolean();
    private final McpServer streaming = McpServer.builder(Catalog.of(List.of(ToolSpec.builder("steps").build(),
            ToolSpec.builder("wait").build())), (name, args, ctx) -> {
                ctx.progress(1, 2, "first");
                if (name.equals("wait")) {
                    try {
                        release.await(20, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        cancelledSeen.set(ctx.isCancelled());
                        interrupted.countDown();
                        throw e;
                    }
                }
                ctx.progress(2, 2, "second");
                return ToolResult.of(name + " done");
            }).catalogChanges(changes).build();

    private static String progressCall(Object id, String tool) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\"," + Wire.modernMeta("\"progressToken\":\"tok\"") + "}}";
    }

    @Test
    void notificationsAreLinesBeforeTheResponse() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new StdioTransport(streaming).serve(new ByteArrayInputStream((progressCall(1, "steps") + "\n")
                .getBytes(StandardCharsets.UTF_8)), out);
        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines).hasSize(3);
        assertThat(lines[0]).isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":"
                + "{\"progressToken\":\"tok\",\"progress\":1,\"total\":2,\"message\":\"first\"}}");
        assertThat(Wire.JSON.readTree(lines[1]).at("/params/progress").asInt()).isEqualTo(2);
        assertThat(Wire.JSON.readTree(lines[2]).at("/result/content/0/text").asString()).isEqualTo("steps done");
    }

    @Test
    void aCancelledCallStopsAndIsNeverAnswered() throws Exception {
        try (StdioPeer peer = new StdioPeer(streaming)) {
            peer.send(progressCall(1, "wait"));
            assertThat(peer.next().path("method").asString()).isEqualTo("notifications/progress");
            peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}");
            assertThat(interrupted.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(cancelledSeen.get()).isTrue();
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
            assertThat(peer.next().toString()).as("the next line answers the ping, not the cancelled call")
                    .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
            peer.client.close();
            assertThat(peer.reader.readLine()).as("nothing more").isNull();
        }
    }

    @Test
    void aListenInterleavesItsFramesAndEndsWithResultThenCancelledAtEndOfInput() throws Exception {
        try (StdioPeer peer = new StdioPeer(streaming)) {
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"subscriptions/listen\",\"params\":{"
                    + "\"notifications\":{\"toolsListChanged\":true}," + Wire.MODERN_META + "}}");
            JsonNode ack = peer.next();
            assertThat(ack.path("method").asString()).isEqualTo("notifications/subscriptions/acknowledged");
            assertThat(ack.at("/params/_meta/io.modelcontextprotocol~1subscriptionId").asInt()).isEqualTo(9);
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
            assertThat(peer.next().path("id").asInt()).as("the read loop is not blocked by the listen").isEqualTo(2);
            changes.toolsChanged();
            JsonNode changed = peer.next();
            assertThat(changed.path("method").asString()).isEqualTo("notifications/tools/list_changed");
            assertThat(changed.at("/params/_meta/io.modelcontextprotocol~1subscriptionId").asInt()).isEqualTo(9);
            peer.client.close();
            JsonNode result = peer.next();
            assertThat(result.path("id").asInt()).isEqualTo(9);
            assertThat(result.at("/result/resultType").asString()).isEqualTo("complete");
            assertThat(peer.next().toString()).isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                    + "\"params\":{\"requestId\":9}}");
        }
    }

    @Test
    void aCancelledListenEndsSilently() throws Exception {
        try (StdioPeer peer = new StdioPeer(streaming)) {
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":\"l\",\"method\":\"subscriptions/listen\",\"params\":{"
                    + "\"notifications\":{\"toolsListChanged\":true}," + Wire.MODERN_META + "}}");
            peer.next();
            peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"l\"}}");
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
            assertThat(peer.next().path("id").asInt()).isEqualTo(2);
            changes.toolsChanged();
            peer.client.close();
            assertThat(peer.reader.readLine()).isNull();
        }
    }

    @Test
    void aLegacySessionGetsListChangesAfterInitialized() throws Exception {
        try (StdioPeer peer = new StdioPeer(streaming)) {
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}");
            assertThat(peer.next().at("/result/capabilities/tools/listChanged").asBoolean()).isTrue();
            peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            peer.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}");
            assertThat(peer.next().path("id").asInt()).isEqualTo(1);
            changes.toolsChanged();
            assertThat(peer.next().toString()).isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}");
            peer.client.close();
            assertThat(peer.reader.readLine()).as("the legacy channel ends without a message").isNull();
        }
    }
}
