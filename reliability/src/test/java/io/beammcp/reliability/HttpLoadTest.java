package io.beammcp.reliability;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Load without loss over HTTP: {@code reliability.load.clients} concurrent keep-alive clients (256), each on its
 * own connection with its own legacy session, send a mix of every method in both revisions for
 * {@code reliability.load.seconds} (10 s in CI, 60 s with {@code -Preliability-full}). Every response must
 * match its request (the id, and a payload derived from the request: an echo of a per-request text, the uri
 * read, the prompt argument), none may be missing, none may be 5xx, and the heap after GC must stay bounded.
 * The server runs with the default 15 s body deadline (a saturated 2-core machine can take over 1 s to get to a
 * body that has arrived).
 */
@org.springframework.boot.test.context.SpringBootTest(classes = ReliabilityApp.class,
        webEnvironment = org.springframework.boot.test.context.SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "server.address=127.0.0.1", "beammcp.http.allowed-origins=http://localhost:*",
                "beammcp.http.session.max-count=300" })
class HttpLoadTest extends LiveServer {

    static final int CLIENTS = Integer.getInteger("reliability.load.clients", 256);
    static final int SECONDS = Integer.getInteger("reliability.load.seconds", 10);

    @Test
    void concurrentKeepAliveClientsLoseNothing() throws Exception {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        warmUp();
        long heapBefore = usedAfterGc(memory);
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        AtomicLong sent = new AtomicLong();
        AtomicLong matched = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        CountDownLatch ready = new CountDownLatch(CLIENTS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
        List<Future<?>> clients = new ArrayList<>();
        try (Quiet quiet = Quiet.hostFaults()) {
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                clients.add(pool.submit(() -> {
                    try {
                        runClient(client, ready, deadline, sent, matched, failures);
                    } catch (Exception e) {
                        failures.add("client " + client + ": " + e);
                    }
                    return null;
                }));
            }
            for (Future<?> f : clients) {
                f.get(SECONDS + 120L, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        long heapAfter = usedAfterGc(memory);
        double seconds = SECONDS;
        System.out.printf("HttpLoadTest: %d clients, %d s, %d requests, %d matched, %.0f req/s, heap %d -> %d MiB%n",
                CLIENTS, SECONDS, sent.get(), matched.get(), sent.get() / seconds, heapBefore >> 20, heapAfter >> 20);
        assertThat(failures).as("failures (first 20 shown)").isEmpty();
        assertThat(matched.get()).isEqualTo(sent.get()).isGreaterThan((long) CLIENTS * 5);
        assertThat(heapAfter - heapBefore).as("heap growth in bytes").isLessThan(96L * 1024 * 1024);
    }

    private void warmUp() throws Exception {
        // Tomcat ends a keep-alive connection after 100 requests (Connection: close): clients reconnect then
        for (int i = 0; i < 200; i++) {
            try (RawHttp raw = new RawHttp(port)) {
                raw.post(CoreClient.modernMessage(i, "tools/call", "\"name\":\"echo\",\"arguments\":{\"text\":\"w\"}"),
                        modernHeaders("tools/call", "echo"));
                raw.read();
            }
        }
    }

    private static long usedAfterGc(MemoryMXBean memory) throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return memory.getHeapMemoryUsage().getUsed();
    }

    private void runClient(int client, CountDownLatch ready, long deadline, AtomicLong sent, AtomicLong matched,
            ConcurrentLinkedQueue<String> failures) throws Exception {
        SplittableRandom random = new SplittableRandom(client * 31L + 7);
        RawHttp raw = new RawHttp(port, 30_000);
        try {
            raw.post(CoreClient.initializeMessage("init-" + client));
            RawHttp.Response init = raw.read();
            String session = init.header("Mcp-Session-Id");
            if (init.status() != 200 || session == null) {
                failures.add("client " + client + ": initialize got " + init.status());
                return;
            }
            raw.post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", "Mcp-Session-Id: " + session,
                    "MCP-Protocol-Version: 2025-11-25");
            raw.read();
            ready.countDown();
            ready.await(60, TimeUnit.SECONDS);
            long n = 0;
            while (System.nanoTime() < deadline && failures.size() < 20) {
                String id = client + "-" + n++;
                Exchange exchange = exchange(random, id, session);
                sent.incrementAndGet();
                raw.post(exchange.body, exchange.headers);
                RawHttp.Response response = raw.read();
                String problem = exchange.check(response);
                if (problem != null) {
                    failures.add("client " + client + " " + exchange.body + " -> " + problem);
                } else {
                    matched.incrementAndGet();
                }
                if (response.closes()) {
                    raw.close();
                    raw = new RawHttp(port, 30_000);
                }
            }
        } catch (IOException e) {
            failures.add("client " + client + ": " + e);
        } finally {
            raw.close();
        }
    }

    /** One request of the mix and what its answer must be. */
    private record Exchange(String body, String[] headers, int status, String expect) {

        /** {@code expect}: a JSON pointer and the value it must hold, or "error:CODE", or "" for no body. */
        String check(RawHttp.Response response) {
            if (response.status() != status) {
                return "status " + response.status() + " (expected " + status + "): " + response.text();
            }
            if (expect.isEmpty()) {
                return response.body().length == 0 ? null : "a body where none was due: " + response.text();
            }
            String problem = WireChecks.problem(response.text(), body);
            if (problem != null) {
                return problem;
            }
            JsonNode json = response.json();
            JsonNode requestId = CoreClient.JSON.readTree(body).get("id");
            if (!MessageFuzzer.sameId(requestId, json.get("id"))) {
                return "id " + json.get("id") + " for request " + requestId;
            }
            if (expect.startsWith("error:")) {
                return json.at("/error/code").asInt() == Integer.parseInt(expect.substring(6)) ? null
                        : "expected " + expect + ": " + response.text();
            }
            int eq = expect.indexOf('=');
            String pointer = eq < 0 ? expect : expect.substring(0, eq);
            JsonNode value = json.at(pointer);
            if (value.isMissingNode()) {
                return "no " + pointer + " in " + WireChecks.abbreviate(response.text());
            }
            if (eq >= 0 && !value.asString().contains(expect.substring(eq + 1))) {
                return pointer + " is " + value + ", expected " + expect.substring(eq + 1);
            }
            return null;
        }
    }

    private static Exchange exchange(SplittableRandom random, String id, String session) {
        String[] legacy = {"Mcp-Session-Id: " + session, "MCP-Protocol-Version: 2025-11-25"};
        String tag = "t" + id;
        return switch (random.nextInt(24)) {
            case 0 -> modern(id, "server/discover", null, null, 200, "/result/supportedVersions");
            case 1 -> modern(id, "tools/list", null, null, 200, "/result/tools/0/name");
            case 2, 3 -> modern(id, "tools/call", "echo", "\"name\":\"echo\",\"arguments\":{\"text\":\"" + tag + "\"}", 200,
                    "/result/content/0/text=" + tag);
            case 4 -> modern(id, "tools/call", "boom", "\"name\":\"boom\"", 200, "error:-32603");
            case 5 -> modern(id, "resources/list", null, null, 200, "/result/resources/0/uri");
            case 6 -> modern(id, "resources/templates/list", null, null, 200, "/result/resourceTemplates/0/uriTemplate");
            case 7 -> modern(id, "resources/read", "test://template/" + tag + "/data", "\"uri\":\"test://template/" + tag
                    + "/data\"", 200, "/result/contents/0/uri=" + tag);
            case 8 -> modern(id, "prompts/list", null, null, 200, "/result/prompts/0/name");
            case 9 -> modern(id, "prompts/get", "greet", "\"name\":\"greet\",\"arguments\":{\"who\":\"" + tag + "\"}", 200,
                    "/result/messages/0/content/text=" + tag);
            case 10 -> modern(id, "completion/complete", null, "\"ref\":{\"type\":\"ref/prompt\",\"name\":\"greet\"},"
                    + "\"argument\":{\"name\":\"who\",\"value\":\"" + tag + "\"}", 200, "/result/completion/values/0=" + tag);
            case 11 -> modern(id, "unknown/method", null, null, 404, "error:-32601");
            case 12 -> new Exchange("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\",\"params\":{" + CoreClient.META + "}}",
                    new String[] {"MCP-Protocol-Version: 2026-07-28"}, 202, "");
            case 13 -> new Exchange(CoreClient.legacyMessage(id, "ping", null), legacy, 200, "/result");
            case 14 -> new Exchange(CoreClient.legacyMessage(id, "tools/list", null), legacy, 200, "/result/tools/0/name");
            case 15, 16 -> new Exchange(CoreClient.legacyMessage(id, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"text\":\""
                    + tag + "\"}}"), legacy, 200, "/result/content/0/text=" + tag);
            case 17 -> new Exchange(CoreClient.legacyMessage(id, "resources/read", "{\"uri\":\"test://template/" + tag
                    + "/data\"}"), legacy, 200, "/result/contents/0/uri=" + tag);
            case 18 -> new Exchange(CoreClient.legacyMessage(id, "prompts/get", "{\"name\":\"greet\",\"arguments\":{\"who\":\""
                    + tag + "\"}}"), legacy, 200, "/result/messages/0/content/text=" + tag);
            case 19 -> new Exchange(CoreClient.legacyMessage(id, "resources/read", "{\"uri\":\"test://nope\"}"), legacy, 200,
                    "error:-32002");
            case 20 -> new Exchange(CoreClient.legacyMessage(id, "nope/nope", null), legacy, 200, "error:-32601");
            case 21 -> new Exchange("{\"jsonrpc\":\"2.0\",\"id\":\"r" + id + "\",\"result\":{}}", legacy, 202, "");
            case 22 -> new Exchange(CoreClient.legacyMessage(id, "completion/complete", "{\"ref\":{\"type\":\"ref/resource\","
                    + "\"uri\":\"test://template/{id}/data\"},\"argument\":{\"name\":\"id\",\"value\":\"" + tag + "\"}}"), legacy,
                    200, "/result/completion/values/0=" + tag);
            default -> modern(id, "tools/call", "count", "\"name\":\"count\"", 200, "/result/content/0/text=count");
        };
    }

    private static Exchange modern(String id, String method, String name, String members, int status, String expect) {
        return new Exchange(CoreClient.modernMessage(id, method, members), modernHeaders(method, name), status, expect);
    }
}
