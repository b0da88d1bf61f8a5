package io.beammcp.benchmarks.bare;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;
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
import java.nio.charset.StandardCharsets;

/**
 * The stdio floor of the startup benchmark: once the context has started, answers each line of standard input
 * with an empty JSON-RPC result for its id, parsed and written with the context's Jackson mapper, until end of
 * input. Not an MCP server: it shows what a Spring Boot application on the sample's class path takes to answer
 * its first line.
 */
@Component
@ConditionalOnProperty(name = "bare.transport", havingValue = "stdio")
final class BareStdioRunner implements ApplicationRunner {

    private final JsonMapper mapper;

    BareStdioRunner(JsonMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public void run(ApplicationArguments args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 64 * 1024);
        OutputStream out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 64 * 1024);
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode request = mapper.readTree(line);
            ObjectNode answer = mapper.createObjectNode().put("jsonrpc", "2.0");
            answer.set("id", request.get("id"));
            answer.putObject("result");
            out.write(mapper.writeValueAsBytes(answer));
            out.write('\n');
            out.flush();
        }
    }
}
