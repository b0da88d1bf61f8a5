package io.beammcp.benchmarks.stdio;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The stdio baseline: a plain Java process (no Spring, no MCP server) that reads each line of standard input,
 * parses it with Jackson, and writes the equivalent of the sample's {@code get_weather} answer as one line,
 * flushed per line through a 64 KiB buffer on the standard output descriptor, as the real transport does.
 * It checks the arguments by hand ({@code place} a non-empty string, alone) and answers anything else with a
 * JSON-RPC error. Ends at end of input.
 *
 * <p>With {@code --hop} (a diagnostic, not the baseline) each line after the read is handed to a worker thread,
 * at most 64 in flight, and its answer written under a lock and flushed, as the real transport does with tool
 * calls: the difference to the plain loop is the price of that hand-off alone. With {@code --hop-batched} (also a
 * diagnostic) the hand-off is made cheaper the way a transport could: a fixed pool of one worker per CPU taking
 * lines from a queue (a busy worker takes the next line without parking), and one writer thread that writes
 * every answer queued and flushes when the queue is empty (no answer waits for another, but a burst costs one
 * system call).
 *
 * <pre>java -cp benchmarks/jmh/target/benchmarks.jar io.beammcp.benchmarks.stdio.PlainLineLoop [--hop|--hop-batched]</pre>
 */
public final class PlainLineLoop {

    private static final String[] SKIES = {"sunny", "partly cloudy", "cloudy", "light rain", "showers", "windy"};
    private static final String VERSION_KEY = "io.modelcontextprotocol/protocolVersion";

    private PlainLineLoop() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        JsonMapper mapper = JsonMapper.builder().build();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 64 * 1024);
        OutputStream out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 64 * 1024);
        if (args.length > 0 && args[0].equals("--hop")) {
            withHandOff(mapper, in, out);
            return;
        }
        if (args.length > 0 && args[0].equals("--hop-batched")) {
            withBatchedHandOff(mapper, in, out);
            return;
        }
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.isBlank()) {
                continue;
            }
            out.write(mapper.writeValueAsBytes(answer(mapper, mapper.readTree(line))));
            out.write('\n');
            out.flush();
        }
        out.flush();
    }

    private static void withHandOff(JsonMapper mapper, BufferedReader in, OutputStream out)
            throws IOException, InterruptedException {
        Semaphore slots = new Semaphore(64);
        ExecutorService workers = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task);
            thread.setDaemon(true);
            return thread;
        });
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode request = mapper.readTree(line);
            slots.acquire();
            workers.execute(() -> {
                try {
                    byte[] answer = mapper.writeValueAsBytes(answer(mapper, request));
                    synchronized (out) {
                        out.write(answer);
                        out.write('\n');
                        out.flush();
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } finally {
                    slots.release();
                }
            });
        }
        workers.shutdown();
        workers.awaitTermination(1, TimeUnit.MINUTES);
        out.flush();
    }

    private static void withBatchedHandOff(JsonMapper mapper, BufferedReader in, OutputStream out)
            throws IOException, InterruptedException {
        byte[] end = new byte[0];
        BlockingQueue<byte[]> answers = new LinkedBlockingQueue<>();
        Thread writer = new Thread(() -> {
            try {
                for (byte[] answer = answers.take(); answer != end; answer = answers.take()) {
                    out.write(answer);
                    out.write('\n');
                    for (byte[] next = answers.poll(); next != null; next = answers.poll()) {
                        if (next == end) {
                            out.flush();
                            return;
                        }
                        out.write(next);
                        out.write('\n');
                    }
                    out.flush();
                }
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "writer");
        writer.start();
        int cpus = Runtime.getRuntime().availableProcessors();
        ThreadPoolExecutor workers = new ThreadPoolExecutor(cpus, cpus, 60, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(64), new ThreadPoolExecutor.CallerRunsPolicy());
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode request = mapper.readTree(line);
            workers.execute(() -> answers.add(mapper.writeValueAsBytes(answer(mapper, request))));
        }
        workers.shutdown();
        workers.awaitTermination(1, TimeUnit.MINUTES);
        answers.add(end);
        writer.join();
    }

    /** The answer to one parsed request line (public for ComponentsBenchmark). */
    public static ObjectNode answer(JsonMapper mapper, JsonNode request) {
        ObjectNode response = mapper.createObjectNode();
        response.put("jsonrpc", "2.0");
        JsonNode id = request.get("id");
        if (id != null) {
            response.set("id", id);
        }
        JsonNode params = request.path("params");
        JsonNode arguments = params.path("arguments");
        JsonNode place = arguments.get("place");
        if (!"tools/call".equals(request.path("method").stringValue(null))
                || !"get_weather".equals(params.path("name").stringValue(null))
                || !params.path("_meta").has(VERSION_KEY) || !arguments.isObject() || arguments.size() != 1
                || place == null || !place.isString() || place.stringValue().isEmpty()) {
            response.putObject("error").put("code", -32602).put("message", "Invalid request");
            return response;
        }
        ObjectNode result = response.putObject("result");
        result.put("resultType", "complete");
        result.putArray("content").addObject().put("type", "text").put("text", current(place.stringValue()));
        result.putObject("_meta").putObject("io.modelcontextprotocol/serverInfo").put("name", "weather")
                .put("version", "0.1.0-SNAPSHOT");
        return response;
    }

    /** The sample's weather sentence, computed the same way. */
    static String current(String place) {
        int seed = Math.floorMod(place.strip().toLowerCase(Locale.ROOT).hashCode(), 1_000_003);
        return "%s: %s, %d °C, wind %d km/h".formatted(place.strip(), SKIES[seed % SKIES.length],
                8 + (seed / 7) % 22, 5 + seed % 30);
    }
}
