package io.beammcp.reliability;

import io.beammcp.core.server.McpServer;
import io.beammcp.core.server.StdioTransport;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Runs the stdio transport in process over byte streams: all input pipelined, every output line collected. */
final class StdioPipe {

    private StdioPipe() {
    }

    /** Serves {@code input} to its end; answers the output lines (the output must end with a newline). */
    static List<String> serve(McpServer server, byte[] input) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new StdioTransport(server).serve(new ByteArrayInputStream(input), out);
        String text = out.toString(StandardCharsets.UTF_8);
        if (!text.isEmpty() && !text.endsWith("\n")) {
            throw new AssertionError("stdout does not end with a whole line: " + WireChecks.abbreviate(text));
        }
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            if (!line.isEmpty()) {
                lines.add(line);
            }
        }
        return lines;
    }

    static List<String> serve(McpServer server, String input) throws Exception {
        return serve(server, input.getBytes(StandardCharsets.UTF_8));
    }
}
