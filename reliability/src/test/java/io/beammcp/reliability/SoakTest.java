package io.beammcp.reliability;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import tools.jackson.databind.JsonNode;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A soak: a server process ({@link SoakApp}, 128 MiB heap) under a steady mix for {@code reliability.soak.seconds}
 * (40 s in CI, 600 s with {@code -Preliability-soak}): 2026-07-28 calls, 2025-11-25 sessions opened, used and
 * abandoned, listens and legacy streams opened and dropped mid-stream, one client holding a stream it never
 * reads, and calls that block until their time limit. Every answer must be the right one and none may be
 * missing; after the warm-up (the first 40 %), the process's resident memory, live threads and open file
 * descriptors must stay within 10 % of what they were then.
 */
@EnabledOnOs(OS.LINUX)
class SoakTest {

    static final int SECONDS = Integer.getInteger("reliability.soak.seconds", 40);
    private static final String[] LEGACY = {"MCP-Protocol-Version: 2025-11-25"};

    private final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong streams = new AtomicLong();
    private final AtomicLong sessions = new AtomicLong();
    private volatile long deadline;
    private int port;

    @Test
    void aSteadyMixLosesNothingAndTheProcessStaysFlat() throws Exception {
        port = freePort();
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        // the session bound ends the least recently used session when one opens beyond it: at 50, the other
        // clients' churn (hundreds of sessions a second) evicted a live session whose client paused a tenth
        // of a second between two requests; at 1,000 (the default) that takes seconds, and most are still evicted
        Process server = new ProcessBuilder(java, "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                SoakApp.class.getName(), "--server.port=" + port, "--server.address=127.0.0.1",
                "--beammcp.http.allowed-origins=http://localhost:*", "--beammcp.tools.timeout=300ms",
                "--beammcp.http.session.max-count=1000", "--beammcp.streams.heartbeat=1s",
                "--logging.level.root=WARN").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        ExecutorService clients = Executors.newCachedThreadPool();
        try {
            awaitReady();
            deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
            List<Future<?>> running = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                int client = i;
                running.add(clients.submit(() -> loop(() -> modernCalls(client))));
                running.add(clients.submit(() -> loop(() -> legacySession(client))));
            }
            running.add(clients.submit(() -> loop(this::droppedStreams)));
            running.add(clients.submit(() -> loop(this::blockingCall)));
            running.add(clients.submit(this::unreadStream));

            List<long[]> samples = new ArrayList<>();
            long start = System.nanoTime();
            while (System.nanoTime() < deadline) {
                Thread.sleep(SECONDS * 1000L / 20);
                samples.add(sample(server.pid(), (System.nanoTime() - start) / 1_000_000));
            }
            for (Future<?> client : running) {
                client.get(60, TimeUnit.SECONDS);
            }
            report(samples);
            assertThat(failures).as("wrong or missing answers (first ones)").isEmpty();
            assertThat(answered.get()).isGreaterThan(SECONDS * 20L);
            long[] base = samples.get(samples.size() * 2 / 5);
            long[] last = samples.get(samples.size() - 1);
            String[] what = {"RSS KiB", "threads", "open fds"};
            for (int k = 1; k <= 3; k++) {
                assertThat(last[k]).as("%s after warm-up %d, at the end %d", what[k - 1], base[k], last[k])
                        .isLessThanOrEqualTo(base[k] + Math.max(2, base[k] / 10));
            }
        } finally {
            deadline = 0;
            clients.shutdownNow();
            server.destroy();
            server.waitFor(20, TimeUnit.SECONDS);
        }
    }

    interface Step {
        void run() throws Exception;
    }

    private void loop(Step step) {
        while (System.nanoTime() < deadline && failures.size() < 20) {
            try {
                step.run();
            } catch (Exception e) {
                failures.add("lost: " + e);
            }
        }
    }

    private void modernCalls(int client) throws IOException {
        try (RawHttp raw = new RawHttp(port, 10_000)) {
            for (int n = 0; n < 50; n++) {
                String tag = "m" + client + "-" + n + "-" + System.nanoTime();
                raw.post(CoreClient.modernMessage(tag, "tools/call", "\"name\":\"echo\",\"arguments\":{\"text\":\"" + tag
                        + "\"}"), LiveServer.modernHeaders("tools/call", "echo"));
                expect(raw.read(), tag, "/result/content/0/text", tag);
            }
        }
    }

    private void legacySession(int client) throws IOException {
        try (RawHttp raw = new RawHttp(port, 10_000)) {
            raw.post(CoreClient.initializeMessage("i" + client));
            RawHttp.Response init = raw.read();
            String session = init.header("Mcp-Session-Id");
            if (init.status() != 200 || session == null) {
                failures.add("initialize: " + init.status());
                return;
            }
            String[] headers = LiveServer.with(LEGACY, "Mcp-Session-Id: " + session);
            raw.post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", headers);
            if (raw.read().status() != 202) {
                failures.add("initialized not accepted");
            }
            for (int n = 0; n < 5; n++) {
                String tag = "l" + client + "-" + n + "-" + System.nanoTime();
                raw.post(CoreClient.legacyMessage(tag, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"text\":\""
                        + tag + "\"}}"), headers);
                expect(raw.read(), tag, "/result/content/0/text", tag);
            }
            sessions.incrementAndGet();
            // abandoned: never deleted, left for the session bound to evict
        }
    }

    private void droppedStreams() throws Exception {
        try (RawHttp raw = new RawHttp(port, 10_000)) {
            raw.post(listen("d" + System.nanoTime()), LiveServer.modernHeaders("subscriptions/listen", null));
            RawHttp.Response head = raw.readHead();
            if (head.status() != 200) {
                failures.add("listen: " + head.status());
            }
            streams.incrementAndGet();
            Thread.sleep(300);
        } // dropped mid-stream
    }

    private void blockingCall() throws IOException {
        try (RawHttp raw = new RawHttp(port, 10_000)) {
            String id = "b" + System.nanoTime();
            raw.post(CoreClient.modernMessage(id, "tools/call", "\"name\":\"block\""),
                    LiveServer.modernHeaders("tools/call", "block"));
            expect(raw.read(), id, "/result/isError", "true");
        }
    }

    /** A client that opens a stream and never reads it, a new one every ten seconds. */
    private Void unreadStream() throws Exception {
        while (System.nanoTime() < deadline) {
            try (RawHttp raw = new RawHttp(port, 10_000)) {
                raw.post(listen("u" + System.nanoTime()), LiveServer.modernHeaders("subscriptions/listen", null));
                streams.incrementAndGet();
                long until = Math.min(deadline, System.nanoTime() + TimeUnit.SECONDS.toNanos(10));
                while (System.nanoTime() < until) {
                    Thread.sleep(100);
                }
            }
        }
        return null;
    }

    private static String listen(Object id) {
        return CoreClient.modernMessage(id, "subscriptions/listen", "\"notifications\":{\"toolsListChanged\":true}");
    }

    private void expect(RawHttp.Response response, String id, String pointer, String value) {
        String problem = response.status() != 200 ? "status " + response.status() : WireChecks.problem(response.text(), "");
        if (problem == null) {
            JsonNode json = response.json();
            if (!id.equals(json.path("id").asString())) {
                problem = "id " + json.path("id") + " for " + id;
            } else if (!value.equals(json.at(pointer).asString())) {
                problem = pointer + " = " + json.at(pointer) + ", expected " + value;
            }
        }
        if (problem != null) {
            failures.add(id + ": " + problem);
        } else {
            answered.incrementAndGet();
        }
    }

    private void awaitReady() throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < until) {
            try (RawHttp raw = new RawHttp(port, 5_000)) {
                raw.post(CoreClient.modernMessage("ready", "server/discover", null),
                        LiveServer.modernHeaders("server/discover", null));
                if (raw.read().status() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                Thread.sleep(200);
            }
        }
        throw new AssertionError("the soak server did not start");
    }

    /** Milliseconds since the start, resident KiB, live threads and open file descriptors of {@code pid}. */
    private static long[] sample(long pid, long millis) throws IOException {
        long rss = 0;
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                rss = Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        try (Stream<Path> tasks = Files.list(Path.of("/proc/" + pid + "/task"));
                Stream<Path> fds = Files.list(Path.of("/proc/" + pid + "/fd"))) {
            return new long[] {millis, rss, tasks.count(), fds.count()};
        }
    }

    private void report(List<long[]> samples) {
        System.out.printf("SoakTest: %d s, %d answers checked, %d streams, %d abandoned sessions, failures %d%n",
                SECONDS, answered.get(), streams.get(), sessions.get(), failures.size());
        System.out.println("SoakTest:   s  RSS MiB  threads  fds");
        for (long[] s : samples) {
            System.out.printf("SoakTest: %4d %8d %8d %4d%n", s[0] / 1000, s[1] >> 10, s[2], s[3]);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
