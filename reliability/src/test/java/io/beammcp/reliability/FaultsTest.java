package io.beammcp.reliability;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

import static io.beammcp.reliability.CoreClient.assertError;
import static io.beammcp.reliability.CoreClient.result;
import static org.assertj.core.api.Assertions.assertThat;

/** Host faults at the core and over stdio: opaque to the client, redacted for the operator, never fatal. */
@Timeout(60)
@ExtendWith(OutputCaptureExtension.class)
class FaultsTest {

    static final String ARG = "ARGVAL-9d1c";

    private final TestHost host = new TestHost();
    private final CoreClient client = new CoreClient(host.server());

    private List<String> faultyRequests() {
        return List.of(
                CoreClient.modernMessage("a", "tools/call", "\"name\":\"boom\",\"arguments\":{\"x\":\"" + ARG + "\"}"),
                CoreClient.modernMessage("b", "tools/call", "\"name\":\"unserialisable\",\"arguments\":{\"x\":\"" + ARG + "\"}"),
                CoreClient.modernMessage("c", "tools/call", "\"name\":\"nothing\""),
                CoreClient.modernMessage("d", "resources/read", "\"uri\":\"test://broken\""),
                CoreClient.modernMessage("e", "prompts/get", "\"name\":\"broken\",\"arguments\":{}"));
    }

    @Test
    void hostExceptionsAreOpaqueInternalErrorsInBothRevisionsAndTheServerGoesOn() {
        for (String request : faultyRequests()) {
            String raw = client.sendRaw(request);
            JsonNode response = CoreClient.JSON.readTree(raw);
            assertThat(response.at("/error/code").asInt()).as(raw).isEqualTo(-32603);
            assertThat(response.at("/error/message").asString()).isEqualTo("Internal error");
            assertThat(response.at("/error").has("data")).isFalse();
            assertThat(WireChecks.leak(raw, "")).as(raw).isNull();
            assertThat(raw).doesNotContain(ARG);
            assertThat(client.last.refused()).isFalse();
        }
        client.initialize();
        for (String request : faultyRequests()) {
            String legacy = request.replace("," + CoreClient.META, "").replace("{" + CoreClient.META + "}", "{}");
            String raw = client.sendRaw(legacy);
            assertThat(CoreClient.JSON.readTree(raw).at("/error/code").asInt()).as(raw).isEqualTo(-32603);
            assertThat(WireChecks.leak(raw, "")).isNull();
        }
        assertThat(result(client.modern(9, "tools/call", "\"name\":\"count\"")).has("content")).isTrue();
        assertThat(result(client.legacy(10, "ping", null)).size()).isZero();
    }

    @Test
    void overStdioEveryFaultIsAnsweredOnceAndTheLoopKeepsServing() throws Exception {
        StringBuilder input = new StringBuilder();
        for (int round = 0; round < 20; round++) {
            for (String request : faultyRequests()) {
                input.append(request.replace("\"id\":\"", "\"id\":\"" + round + "-")).append('\n');
            }
        }
        input.append(CoreClient.modernMessage("last", "tools/call", "\"name\":\"count\"")).append('\n');
        List<String> lines = StdioPipe.serve(host.server(), input.toString());
        assertThat(lines).hasSize(101);
        List<String> ids = new ArrayList<>();
        for (String line : lines) {
            assertThat(WireChecks.problem(line, "")).as(line).isNull();
            assertThat(line).doesNotContain(ARG);
            ids.add(CoreClient.JSON.readTree(line).get("id").asString());
        }
        assertThat(ids).doesNotHaveDuplicates().contains("last");
    }

    @Test
    void aHostErrorThrownAsAnErrorNotAnExceptionIsAlsoContained() {
        io.beammcp.core.server.McpServer server = io.beammcp.core.server.McpServer.builder(
                io.beammcp.core.catalog.Catalog.of(List.of(io.beammcp.core.ToolSpec.builder("assert").build(),
                        io.beammcp.core.ToolSpec.builder("linkage").build())),
                (name, arguments, context) -> {
                    if (name.equals("assert")) {
                        throw new AssertionError("assertion " + ARG);
                    }
                    throw new NoClassDefFoundError("com/example/Missing" + ARG);
                }).build();
        CoreClient errors = new CoreClient(server);
        assertError(errors.modern(1, "tools/call", "\"name\":\"assert\""), 1, -32603);
        assertError(errors.modern(2, "tools/call", "\"name\":\"linkage\""), 2, -32603);
    }

    @Test
    void theLibrarysOwnLogLinesCarryNoRequestContentAndHostFailuresAreLoggedAsThrown(CapturedOutput output) {
        client.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"x\":\"" + ARG + "\"");
        client.sendRaw(CoreClient.modernMessage(2, "tools/call", "\"name\":\"strict\",\"arguments\":{\"b\":\"" + ARG + "\"}"));
        client.sendRaw(CoreClient.modernMessage(3, "tools/call", "\"name\":\"nothing\",\"arguments\":{\"x\":\"" + ARG + "\"}"));
        assertThat(output.getAll()).as("the library's own lines").doesNotContain(ARG).doesNotContain(TestHost.SECRET);
        for (String request : faultyRequests()) {
            client.sendRaw(request);
        }
        // the host's own failures, in the operator's own log, as thrown: class, message, stack trace
        assertThat(output.getAll()).contains("Tool 'boom' failed; the client got -32603",
                "java.lang.IllegalStateException: host failure with " + TestHost.SECRET, "at io.beammcp.reliability.TestHost",
                "Reading a resource failed; the client got -32603", "disk " + TestHost.SECRET + " failed",
                "Rendering the result of tool 'nothing' failed", "java.lang.IllegalStateException: The tool's handler returned null");
    }
}
