package io.beammcp.reliability;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code SIGTERM} to a stdio server while calls run: the calls already read are answered before the process
 * exits ({@link SlowStdioHost}, a real process).
 */
@Timeout(120)
@DisabledOnOs(OS.WINDOWS)
class StdioSigtermTest {

    @Test
    void callsInFlightAreAnsweredBeforeTheProcessExits() throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                SlowStdioHost.class.getName(), "--beammcp.transport=stdio").start();
        CompletableFuture<List<String>> stdout = CompletableFuture.supplyAsync(() -> lines(process, true));
        CompletableFuture<List<String>> stderr = CompletableFuture.supplyAsync(() -> lines(process, false));
        OutputStream in = process.getOutputStream();
        for (String id : List.of("a", "b")) {
            in.write((CoreClient.modernMessage(id, "tools/call", "\"name\":\"slow\"") + "\n")
                    .getBytes(StandardCharsets.UTF_8));
        }
        in.flush();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (started() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        // SIGTERM through the handle: Process.destroy() would also close this side of the pipes
        process.toHandle().destroy();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        List<String> answers = stdout.get(10, TimeUnit.SECONDS);
        assertThat(answers).as("exit %s, stderr: %s", process.exitValue(), stderr.getNow(List.of())).hasSize(2);
        assertThat(answers).anySatisfy(line -> assertThat(line).contains("\"id\":\"a\"").contains("slow done a"));
        assertThat(answers).anySatisfy(line -> assertThat(line).contains("\"id\":\"b\"").contains("slow done b"));
        for (String line : answers) {
            assertThat(WireChecks.problem(line, "")).as(line).isNull();
        }
    }

    private final List<String> errors = new ArrayList<>();

    /** How many times the tool has said it started. */
    private int started() {
        synchronized (errors) {
            return (int) errors.stream().filter(SlowStdioHost.STARTED::equals).count();
        }
    }

    /** The lines of stdout, or of stderr into {@link #errors}, until the process ends. */
    private List<String> lines(Process process, boolean out) {
        List<String> lines = out ? new ArrayList<>() : errors;
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                out ? process.getInputStream() : process.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                synchronized (errors) {
                    lines.add(line);
                }
            }
        } catch (IOException e) {
            // the JDK closes a pipe of an exited process under a blocked read: what was read is all there is
        }
        synchronized (errors) {
            return List.copyOf(lines);
        }
    }
}
