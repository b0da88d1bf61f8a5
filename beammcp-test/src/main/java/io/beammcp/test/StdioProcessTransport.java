package io.beammcp.test;

import io.beammcp.core.Revision;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/** A spawned server process: one JSON message per line on its standard input and output. */
final class StdioProcessTransport implements Transport {

    /** Marks the end of standard output in the queue; compared by identity. */
    private static final JsonNode END = JsonMapper.builder().build().createObjectNode();

    private final Process process;
    private final OutputStream in;
    private final JsonMapper json;
    private final BlockingQueue<JsonNode> lines = new LinkedBlockingQueue<>();
    private final StringBuffer stderr = new StringBuffer();

    StdioProcessTransport(List<String> command, JsonMapper json) {
        this.json = json;
        try {
            this.process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.in = process.getOutputStream();
        daemon("stdout", () -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    lines.add(json.readTree(line));
                }
            } catch (IOException | RuntimeException e) {
                stderr.append("[client] reading stdout failed: ").append(e).append('\n');
            } finally {
                lines.add(END);
            }
        });
        daemon("stderr", () -> {
            try (BufferedReader err = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = err.readLine(); line != null; line = err.readLine()) {
                    stderr.append(line).append('\n');
                }
            } catch (IOException e) {
                stderr.append("[client] reading stderr failed: ").append(e).append('\n');
            }
        });
    }

    /** What the process wrote to standard error so far. */
    String stderr() {
        return stderr.toString();
    }

    @Override
    public synchronized Response request(ObjectNode message, Revision revision, Consumer<JsonNode> notifications,
            Function<JsonNode, JsonNode> answers) {
        write(message);
        JsonNode id = message.get("id");
        while (true) {
            JsonNode line;
            try {
                line = lines.poll(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted", e);
            }
            if (line == null || line == END) {
                throw new IllegalStateException("No response from the process; its standard error:\n" + stderr);
            }
            if (line.has("method") && line.has("id")) {
                JsonNode answer = answers.apply(line);
                if (answer != null) {
                    write((ObjectNode) answer);
                }
            } else if (line.has("method")) {
                notifications.accept(line);
            } else if (line.path("id").isNumber() && line.path("id").asLong() == id.asLong()) {
                return Response.of(line);
            }
        }
    }

    @Override
    public synchronized void notify(ObjectNode message, Revision revision) {
        write(message);
    }

    private void write(ObjectNode message) {
        try {
            in.write(json.writeValueAsBytes(message));
            in.write('\n');
            in.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("The process does not read its input; its standard error:\n" + stderr, e);
        }
    }

    @Override
    public void close() {
        try {
            in.close();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    /** The exit status, once the process ended. */
    int exitValue() {
        return process.exitValue();
    }

    private static void daemon(String name, Runnable task) {
        Thread thread = new Thread(task, "mcp-test-" + name);
        thread.setDaemon(true);
        thread.start();
    }
}
