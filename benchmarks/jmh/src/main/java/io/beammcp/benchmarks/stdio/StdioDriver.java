package io.beammcp.benchmarks.stdio;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Drives a stdio server with pipelined 2026-07-28 {@code tools/call get_weather} lines and prints one result
 * line. The server's own start is left out: one probe call is answered first (its time is reported as
 * {@code ready_ms}), then {@code --warmup} calls, then {@code --calls} calls written as fast as the pipe
 * takes them while another thread reads the answers. Every answer must carry one of the ids sent and a
 * result; the run fails on a missing, repeated or failed answer, or when {@code --timeout} seconds pass.
 *
 * <pre>java -cp benchmarks.jar io.beammcp.benchmarks.stdio.StdioDriver [--calls 100000] [--warmup 20000]
 *     [--round-trips 0] [--timeout 120] [--stderr FILE] -- COMMAND...</pre>
 *
 * With {@code --round-trips N}, after the pipelined calls it also plays a client that waits for each answer:
 * N calls one at a time, adding {@code rtt_median_us=M rtt_p99_us=P} to the output line.
 *
 * Output: {@code calls=N seconds=S calls_per_s=R ready_ms=T warmup_calls_per_s=W cpu_us_per_call=C}, where C
 * is the server process's CPU time (all its threads) during the timed calls divided by their number: a figure
 * other processes on the machine disturb less than the rate.
 */
public final class StdioDriver {

    private StdioDriver() {
    }

    public static void main(String[] args) throws Exception {
        int calls = 100_000;
        int warmup = 20_000;
        int roundTrips = 0;
        long timeoutSeconds = 120;
        File stderr = null;
        int at = 0;
        for (; at < args.length && !args[at].equals("--"); at++) {
            switch (args[at]) {
                case "--calls" -> calls = Integer.parseInt(args[++at]);
                case "--warmup" -> warmup = Integer.parseInt(args[++at]);
                case "--round-trips" -> roundTrips = Integer.parseInt(args[++at]);
                case "--timeout" -> timeoutSeconds = Long.parseLong(args[++at]);
                case "--stderr" -> stderr = new File(args[++at]);
                default -> throw new IllegalArgumentException("Unknown option " + args[at]);
            }
        }
        List<String> command = new ArrayList<>(Arrays.asList(args).subList(Math.min(at + 1, args.length), args.length));
        if (command.isEmpty()) {
            throw new IllegalArgumentException("No command after --");
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        long launched = System.nanoTime();
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.redirectError(stderr == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(stderr));
        Process process = builder.start();
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                System.err.println("StdioDriver: timed out; killing the server");
                process.destroyForcibly();
            } catch (InterruptedException e) {
                // finished in time
            }
        }, "watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        try (OutputStream toServer = new BufferedOutputStream(process.getOutputStream(), 64 * 1024);
                InputStream fromServer = new BufferedInputStream(process.getInputStream(), 64 * 1024)) {
            Answers answers = new Answers(fromServer);
            batch(toServer, answers, 0, 1);
            double readyMillis = (System.nanoTime() - launched) / 1e6;
            double warmupSeconds = warmup > 0 ? batch(toServer, answers, 1, warmup) : 0;
            long cpuBefore = cpuNanos(process);
            double seconds = batch(toServer, answers, 1 + warmup, calls);
            long cpuAfter = cpuNanos(process);
            String rtt = roundTrips > 0 ? roundTrips(toServer, answers, 1 + warmup + calls, roundTrips) : "";
            toServer.close();
            System.out.printf("calls=%d seconds=%.3f calls_per_s=%.0f ready_ms=%.0f warmup_calls_per_s=%.0f"
                    + " cpu_us_per_call=%.2f%s%n", calls, seconds, calls / seconds, readyMillis,
                    warmup > 0 ? warmup / warmupSeconds : 0.0,
                    cpuBefore < 0 || cpuAfter < 0 ? Double.NaN : (cpuAfter - cpuBefore) / 1e3 / calls, rtt);
        } finally {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            watchdog.interrupt();
        }
    }

    /** The process's total CPU time so far, or -1 when the platform does not tell. */
    private static long cpuNanos(Process process) {
        return process.toHandle().info().totalCpuDuration().map(d -> d.toNanos()).orElse(-1L);
    }

    /** Sends ids [first, first + count) pipelined and waits for all their answers; returns the seconds taken. */
    private static double batch(OutputStream toServer, Answers answers, int first, int count) throws Exception {
        long start = System.nanoTime();
        Thread writer = new Thread(() -> {
            try {
                for (int id = first; id < first + count; id++) {
                    toServer.write(request(id));
                }
                toServer.flush();
            } catch (IOException e) {
                throw new IllegalStateException("Writing to the server failed", e);
            }
        }, "writer");
        writer.start();
        answers.await(first, count);
        writer.join();
        return (System.nanoTime() - start) / 1e9;
    }

    /** A client that waits for each answer: {@code count} calls one at a time; their median and p99 round trip. */
    private static String roundTrips(OutputStream toServer, Answers answers, int first, int count) throws Exception {
        long[] micros = new long[count];
        for (int i = 0; i < count; i++) {
            long start = System.nanoTime();
            toServer.write(request(first + i));
            toServer.flush();
            answers.await(first + i, 1);
            micros[i] = (System.nanoTime() - start) / 1_000;
        }
        Arrays.sort(micros);
        return String.format(" rtt_median_us=%d rtt_p99_us=%d", micros[count / 2], micros[(int) (count * 0.99)]);
    }

    static byte[] request(int id) {
        return ("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"get_weather\","
                + "\"arguments\":{\"place\":\"Lisbon\"},\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":"
                + "\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** Reads answer lines and checks them without a JSON library, to keep the driver cheap. */
    private static final class Answers {

        private static final byte[] ID = "\"id\":".getBytes(StandardCharsets.UTF_8);
        private static final byte[] RESULT = "\"result\":{\"resultType\":\"complete\"".getBytes(StandardCharsets.UTF_8);

        private final InputStream in;
        private byte[] line = new byte[1024];

        Answers(InputStream in) {
            this.in = in;
        }

        void await(int first, int count) throws IOException {
            BitSet seen = new BitSet(count);
            for (int received = 0; received < count; received++) {
                int length = readLine();
                if (length < 0) {
                    throw new IllegalStateException("The server ended after " + received + " of " + count + " answers");
                }
                int id = id(length);
                if (id < first || id >= first + count || seen.get(id - first)) {
                    throw new IllegalStateException("Unexpected or repeated answer: " + text(length));
                }
                if (indexOf(RESULT, length) < 0) {
                    throw new IllegalStateException("Not a result: " + text(length));
                }
                seen.set(id - first);
            }
        }

        private String text(int length) {
            return new String(line, 0, length, StandardCharsets.UTF_8);
        }

        private int readLine() throws IOException {
            int length = 0;
            for (int b = in.read(); b != '\n'; b = in.read()) {
                if (b < 0) {
                    return -1;
                }
                if (length == line.length) {
                    line = Arrays.copyOf(line, length * 2);
                }
                line[length++] = (byte) b;
            }
            return length;
        }

        private int id(int length) {
            int at = indexOf(ID, length);
            if (at < 0) {
                return -1;
            }
            int value = 0;
            for (int i = at + ID.length; i < length && line[i] >= '0' && line[i] <= '9'; i++) {
                value = value * 10 + (line[i] - '0');
            }
            return value;
        }

        private int indexOf(byte[] needle, int length) {
            outer:
            for (int i = 0; i + needle.length <= length; i++) {
                for (int j = 0; j < needle.length; j++) {
                    if (line[i + j] != needle[j]) {
                        continue outer;
                    }
                }
                return i;
            }
            return -1;
        }
    }
}
