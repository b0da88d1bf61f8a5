package io.beammcp.autoconfigure.http;

import io.beammcp.core.catalog.CatalogChanges;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Streams over HTTP: a request that sends notifications is answered as an event stream (notifications,
 * then the response, then the end), one that sends none as JSON; closing the stream cancels the host's
 * work; listen and legacy {@code GET} streams carry change notifications, bounded, with heartbeats; 200
 * concurrent event streams stay apart. The server here is told its lists change.
 */
class McpHttpStreamsTests extends EndpointTestSupport {

    CatalogChanges changes;

    @Override
    List<String> properties() {
        // 200 streams at once, each with host code that waits for the others: a thread each on both transports
        return List.of("test.lists-change=true", "server.tomcat.accept-count=1000",
                "beammcp.http.reactive.host-threads=256");
    }

    @BeforeEach
    void changes() {
        changes = context.getBean(CatalogChanges.class);
    }

    /** A 2026-07-28 {@code tools/call} with extra {@code _meta} members (such as a progress token). */
    private static String call(Object id, String tool, String extraMeta) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + JSON.writeValueAsString(id) + ",\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"" + tool + "\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}" + (extraMeta.isEmpty() ? "" : "," + extraMeta)
                + "}}}";
    }

    private static String listen(Object id, String filter) {
        return modern(id, "subscriptions/listen", "\"notifications\":" + filter);
    }

    /**
     * The messages of a whole event-stream body, each checked to be one {@code event: message} with one data
     * line; heartbeat comments between them are skipped.
     */
    private static List<JsonNode> events(String body) {
        assertThat(body).endsWith("\n\n").doesNotContain("\nid:").doesNotStartWith("id:");
        List<JsonNode> events = new ArrayList<>();
        for (String event : body.substring(0, body.length() - 2).split("\n\n")) {
            if (event.equals(": keep-alive")) {
                continue;
            }
            assertThat(event).startsWith("event: message\ndata: {");
            String[] lines = event.split("\n");
            assertThat(lines).as("one data line per event").hasSize(2);
            events.add(JSON.readTree(lines[1].substring("data: ".length())));
        }
        return events;
    }

    private static void assertEventStream(HttpResponse<?> response) {
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("text/event-stream");
        assertThat(response.headers().firstValue("Cache-Control")).hasValue("no-cache");
        assertThat(response.headers().firstValue("X-Accel-Buffering")).hasValue("no");
    }

    /** An event stream read as it arrives, line by line. */
    private final class Events implements AutoCloseable {

        final HttpResponse<Stream<String>> response;
        final Iterator<String> lines;

        Events(HttpRequest.Builder request, String... headers) throws Exception {
            request.timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream");
            for (int i = 0; i < headers.length; i += 2) {
                request.header(headers[i], headers[i + 1]);
            }
            response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofLines());
            lines = response.body().iterator();
        }

        /** The next message, skipping heartbeats. */
        JsonNode next() {
            while (lines.hasNext()) {
                String line = lines.next();
                if (line.startsWith("data: ")) {
                    return JSON.readTree(line.substring("data: ".length()));
                }
            }
            throw new AssertionError("the stream ended");
        }

        /** Reads up to the next heartbeat comment, failing on any message before it. */
        void heartbeat() {
            while (lines.hasNext()) {
                String line = lines.next();
                assertThat(line).doesNotStartWith("data:");
                if (line.startsWith(":")) {
                    return;
                }
            }
            throw new AssertionError("the stream ended");
        }

        /** Whether the server ended the stream: no more lines but blank ones and heartbeats. */
        boolean ended() {
            while (lines.hasNext()) {
                String line = lines.next();
                if (line.startsWith("data:")) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public void close() {
            response.body().close();
        }
    }

    // ---- JSON or event stream -------------------------------------------------------------------------

    @Test
    void aCallThatSendsNothingIsAnsweredAsJson() throws Exception {
        HttpResponse<String> response = post(call(1, "echo", "\"progressToken\":\"t\""), modernHeaders("tools/call", "echo"));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(json(response).at("/result/resultType").asString()).isEqualTo("complete");
    }

    @Test
    void aCallThatSendsNotificationsIsAnEventStreamEndingAfterItsResult() throws Exception {
        HttpResponse<String> response = post(call(3, "steps",
                "\"progressToken\":\"t-3\",\"io.modelcontextprotocol/logLevel\":\"critical\""),
                modernHeaders("tools/call", "steps"));
        assertEventStream(response);
        List<JsonNode> events = events(response.body());
        assertThat(events).extracting(e -> e.path("method").asString() + e.at("/params/level").asString()
                + e.at("/params/progress").asString()).containsExactly("notifications/progress1",
                        "notifications/progress2", "notifications/progress3", "notifications/messagecritical",
                        "notifications/messagealert", "notifications/messageemergency", "");
        assertThat(events.subList(0, 3)).allSatisfy(e -> assertThat(e.at("/params/progressToken").asString())
                .isEqualTo("t-3"));
        JsonNode result = events.get(6);
        assertThat(result.path("id").asInt()).isEqualTo(3);
        assertThat(result.at("/result/resultType").asString()).isEqualTo("complete");
        assertThat(result.at("/result/content/0/text").asString()).isEqualTo("steps done");
    }

    @Test
    void aLegacyCallStreamsItsProgressAndTheMessagesAtTheSessionsLevel() throws Exception {
        String session = openSession();
        HttpResponse<String> setLevel = post(legacy(1, "logging/setLevel", "{\"level\":\"alert\"}"),
                "Mcp-Session-Id", session, "MCP-Protocol-Version", LEGACY);
        assertThat(setLevel.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(setLevel.body()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}");
        HttpResponse<String> response = post(legacy(2, "tools/call", "{\"name\":\"steps\",\"_meta\":{\"progressToken\":5}}"),
                "Mcp-Session-Id", session, "MCP-Protocol-Version", LEGACY);
        assertEventStream(response);
        List<JsonNode> events = events(response.body());
        assertThat(events).extracting(e -> e.path("method").asString() + e.at("/params/level").asString())
                .containsExactly("notifications/progress", "notifications/progress", "notifications/progress",
                        "notifications/messagealert", "notifications/messageemergency", "");
        assertThat(events.get(0).at("/params/progressToken").asInt()).isEqualTo(5);
        assertThat(events.get(5).path("result").has("resultType")).isFalse();
    }

    // ---- cancellation ---------------------------------------------------------------------------------

    @Test
    void closingTheEventStreamCancelsTheHostWork() throws Exception {
        HttpTestHost.Hang hang = new HttpTestHost.Hang();
        HttpTestHost.HANG.set(hang);
        int before = pipeline.openStreams();
        try (Events events = new Events(HttpRequest.newBuilder(endpoint()).POST(HttpRequest.BodyPublishers.ofString(
                call(1, "hang", "\"progressToken\":\"p\""))), modernHeaders("tools/call", "hang"))) {
            assertEventStream(events.response);
            assertThat(events.next().path("method").asString()).isEqualTo("notifications/progress");
            assertThat(hang.entered.await(10, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(hang.interrupted.await(10, TimeUnit.SECONDS)).as("the host was interrupted").isTrue();
        assertThat(hang.cancelled.get()).as("and saw the cancellation").isTrue();
        await().atMost(Duration.ofSeconds(10)).until(() -> pipeline.openStreams() == before);
    }

    @Test
    void aLegacyCancelEndsThePostStreamWithoutAResponse() throws Exception {
        HttpTestHost.Hang hang = new HttpTestHost.Hang();
        HttpTestHost.HANG.set(hang);
        String session = openSession();
        CompletableFuture<HttpResponse<String>> pending = CLIENT.sendAsync(HttpRequest.newBuilder(endpoint())
                .timeout(Duration.ofSeconds(20)).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("Mcp-Session-Id", session)
                .header("MCP-Protocol-Version", LEGACY)
                .POST(HttpRequest.BodyPublishers.ofString(legacy(7, "tools/call",
                        "{\"name\":\"hang\",\"_meta\":{\"progressToken\":\"p\"}}"))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(hang.entered.await(10, TimeUnit.SECONDS)).isTrue();
        HttpResponse<String> cancel = post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":"
                + "{\"requestId\":7}}", "Mcp-Session-Id", session, "MCP-Protocol-Version", LEGACY);
        assertThat(cancel.statusCode()).isEqualTo(202);
        HttpResponse<String> response = pending.get(10, TimeUnit.SECONDS);
        assertEventStream(response);
        assertThat(events(response.body())).as("the progress, and no response").singleElement()
                .satisfies(e -> assertThat(e.path("method").asString()).isEqualTo("notifications/progress"));
        assertThat(hang.interrupted.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(hang.cancelled.get()).isTrue();
    }

    // ---- concurrency ----------------------------------------------------------------------------------

    /**
     * Every call waits until all 200 are running, so all 200 event streams are open at once. Bounded
     * generously: on a loaded machine opening 200 connections at once takes a while (hence the accept backlog
     * of 1000 and a client without the 5 s connect timeout).
     */
    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void twoHundredConcurrentEventStreamsStayIndependent() throws Exception {
        int streams = 200;
        HttpTestHost.TOGETHER.set(new CountDownLatch(streams));
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(60)).build();
        List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
        for (int i = 0; i < streams; i++) {
            HttpRequest.Builder request = HttpRequest.newBuilder(endpoint()).timeout(Duration.ofSeconds(120))
                    .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString(call(i, "together", "\"progressToken\":\"tok-" + i + "\"")));
            String[] headers = modernHeaders("tools/call", "together");
            for (int h = 0; h < headers.length; h += 2) {
                request.header(headers[h], headers[h + 1]);
            }
            responses.add(client.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString()));
        }
        CompletableFuture.allOf(responses.toArray(CompletableFuture[]::new)).get(130, TimeUnit.SECONDS);
        for (int i = 0; i < streams; i++) {
            HttpResponse<String> response = responses.get(i).get();
            assertEventStream(response);
            List<JsonNode> events = events(response.body());
            assertThat(events).as("stream %d", i).hasSize(3);
            for (JsonNode progress : events.subList(0, 2)) {
                assertThat(progress.at("/params/progressToken").asString()).isEqualTo("tok-" + i);
            }
            assertThat(events.get(0).at("/params/progress").asInt()).isEqualTo(1);
            assertThat(events.get(1).at("/params/progress").asInt()).isEqualTo(2);
            assertThat(events.get(2).path("id").asInt()).isEqualTo(i);
            assertThat(events.get(2).at("/result/content/0/text").asString()).isEqualTo("done " + i);
        }
    }

    // ---- subscriptions/listen -------------------------------------------------------------------------

    @Test
    void aListenStreamGetsItsAcknowledgementThenOnlyWhatItAskedForAndHeartbeats() throws Exception {
        int before = pipeline.openStreams();
        try (Events events = new Events(HttpRequest.newBuilder(endpoint()).POST(HttpRequest.BodyPublishers.ofString(
                listen(1700000000001L, "{\"toolsListChanged\":true}"))), modernHeaders("subscriptions/listen", null))) {
            assertEventStream(events.response);
            JsonNode ack = events.next();
            assertThat(ack.toString()).isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/subscriptions/"
                    + "acknowledged\",\"params\":{\"_meta\":{\"io.modelcontextprotocol/subscriptionId\":1700000000001},"
                    + "\"notifications\":{\"toolsListChanged\":true}}}");
            changes.promptsChanged();
            changes.resourcesChanged();
            changes.toolsChanged();
            assertThat(events.next().toString()).isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/"
                    + "list_changed\",\"params\":{\"_meta\":{\"io.modelcontextprotocol/subscriptionId\":1700000000001}}}");
            events.heartbeat();
            events.heartbeat();
            assertThat(pipeline.openStreams()).isEqualTo(before + 1);
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> pipeline.openStreams() == before);
    }

    @Test
    void aBadListenFilterIsAnsweredAsJsonWithoutAStream() throws Exception {
        HttpResponse<String> response = post(listen(2, "\"all\""), modernHeaders("subscriptions/listen", null));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(code(response)).isEqualTo(-32602);
    }

    // ---- the legacy GET stream ------------------------------------------------------------------------

    @Test
    void theSessionStreamCarriesChangesAndSubscribedUpdatesUntilTheSessionEnds() throws Exception {
        String session = openSession();
        String[] headers = { "Mcp-Session-Id", session, "MCP-Protocol-Version", LEGACY };
        try (Events stream = new Events(HttpRequest.newBuilder(endpoint()).GET(), headers)) {
            assertEventStream(stream.response);
            HttpResponse<String> subscribe = post(legacy(1, "resources/subscribe",
                    "{\"uri\":\"" + HttpTestHost.NOTES_URI + "\"}"), headers);
            assertThat(subscribe.body()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}");
            changes.resourceUpdated("file:///notes/other.txt");
            changes.resourceUpdated(HttpTestHost.NOTES_URI);
            JsonNode updated = stream.next();
            assertThat(updated.path("method").asString()).isEqualTo("notifications/resources/updated");
            assertThat(updated.at("/params/uri").asString()).isEqualTo(HttpTestHost.NOTES_URI);
            assertThat(updated.at("/params/_meta").isMissingNode()).isTrue();

            HttpResponse<String> unsubscribe = post(legacy(2, "resources/unsubscribe",
                    "{\"uri\":\"" + HttpTestHost.NOTES_URI + "\"}"), headers);
            assertThat(unsubscribe.body()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
            changes.resourceUpdated(HttpTestHost.NOTES_URI);
            changes.toolsChanged();
            assertThat(stream.next().toString()).isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/"
                    + "list_changed\"}");

            assertThat(send(HttpRequest.newBuilder(endpoint()).DELETE(), headers).statusCode()).isEqualTo(204);
            assertThat(stream.ended()).as("DELETE ends the session's stream").isTrue();
        }
    }

    @Test
    void aSessionHoldsAtMostTwoStreams() throws Exception {
        String session = openSession();
        String[] headers = { "Mcp-Session-Id", session, "MCP-Protocol-Version", LEGACY };
        try (Events first = new Events(HttpRequest.newBuilder(endpoint()).GET(), headers);
                Events second = new Events(HttpRequest.newBuilder(endpoint()).GET(), headers)) {
            assertEventStream(first.response);
            assertEventStream(second.response);
            HttpResponse<String> third = send(HttpRequest.newBuilder(endpoint()).GET(), headers);
            assertThat(third.statusCode()).isEqualTo(429);
            assertThat(json(third).at("/error/code").asInt()).isEqualTo(-32600);
            assertThat(json(third).has("id")).isFalse();
        }
    }

    @Test
    void aStreamNeedsALiveSession() throws Exception {
        HttpResponse<String> get = send(HttpRequest.newBuilder(endpoint()).GET(), "Mcp-Session-Id", "no-such-session",
                "MCP-Protocol-Version", LEGACY);
        assertThat(get.statusCode()).isEqualTo(404);
        HttpResponse<String> put = send(HttpRequest.newBuilder(endpoint()).PUT(HttpRequest.BodyPublishers.noBody()),
                "Mcp-Session-Id", "any");
        assertThat(put.statusCode()).isEqualTo(405);
        assertThat(put.headers().firstValue("Allow")).hasValue("POST, GET, DELETE");
    }
}
