package io.beammcp.sample;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The packaged sample running as an MCP client would start it: {@code java -jar target/sample-app.jar
 * --beammcp.transport=stdio}, standard error captured apart. Every wait is bounded; {@link #close()}
 * destroys the process if it is still alive.
 */
final class StdioProcess implements AutoCloseable {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final Path JAR = Path.of("target", "sample-app.jar").toAbsolutePath();
    /** A bound that only catches a hang: a loaded 2-CPU machine has taken over 30 s to start the jar. */
    private static final long WAIT_SECONDS = 90;
    /** Marks the end of stdout in the queue; compared by identity, so no line can be taken for it. */
    private static final String END = new String("end of stdout");

    private final Process process;
    private final OutputStream stdin;
    private final BlockingQueue<String> pending = new LinkedBlockingQueue<>();
    private final List<String> stdoutLines = new ArrayList<>();
    private final StringBuffer stderr = new StringBuffer();

    private StdioProcess(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        daemon("stdout", () -> readLines(process.getInputStream()));
        daemon("stderr", () -> readStderr(process.getErrorStream()));
    }

    static StdioProcess start(String... arguments) throws IOException {
        assertThat(JAR).as("the packaged sample (run mvn verify, not test)").exists();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-jar", JAR.toString(), "--beammcp.transport=stdio"));
        command.addAll(List.of(arguments));
        return new StdioProcess(new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .redirectOutput(ProcessBuilder.Redirect.PIPE)
                .redirectError(ProcessBuilder.Redirect.PIPE)
                .start());
    }

    void send(String line) throws IOException {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    /** The next line on stdout, parsed; fails when none comes in time or stdout ended. */
    JsonNode next() throws InterruptedException {
        String line = pending.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        if (line == null || line == END) {
            fail("no response line within " + WAIT_SECONDS + " s; stderr:%n%s", stderr);
        }
        return JSON.readTree(line);
    }

    /** Every line until stdout ends, parsed. */
    List<JsonNode> rest() throws InterruptedException {
        List<JsonNode> lines = new ArrayList<>();
        for (String line = pending.poll(WAIT_SECONDS, TimeUnit.SECONDS); line != END;
                line = pending.poll(WAIT_SECONDS, TimeUnit.SECONDS)) {
            if (line == null) {
                fail("stdout did not end within " + WAIT_SECONDS + " s; stderr:%n%s", stderr);
            }
            lines.add(JSON.readTree(line));
        }
        return lines;
    }

    void endInput() throws IOException {
        stdin.close();
    }

    int exitStatus() throws InterruptedException {
        if (!process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
            fail("the process did not exit within " + WAIT_SECONDS + " s; stderr:%n%s", stderr);
        }
        return process.exitValue();
    }

    /** Every line written to stdout so far, raw. */
    List<String> stdoutLines() {
        synchronized (stdoutLines) {
            return List.copyOf(stdoutLines);
        }
    }

    String stderr() {
        return stderr.toString();
    }

    /** The first stdout line that is not a JSON object, if any. */
    Optional<String> firstNonJsonLine() {
        return stdoutLines().stream().filter(line -> !isJson(line)).findFirst();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private void readLines(InputStream in) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                synchronized (stdoutLines) {
                    stdoutLines.add(line);
                }
                pending.add(line);
            }
        } catch (IOException e) {
            stderr.append("[test] reading stdout failed: ").append(e);
        } finally {
            pending.add(END);
        }
    }

    private void readStderr(InputStream in) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                stderr.append(line).append('\n');
            }
        } catch (IOException e) {
            stderr.append("[test] reading stderr failed: ").append(e);
        }
    }

    private static boolean isJson(String line) {
        try {
            return JSON.readTree(line).isObject();
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static void daemon(String name, Runnable task) {
        Thread thread = new Thread(task, "sample-" + name);
        thread.setDaemon(true);
        thread.start();
    }
}
