package io.beammcp.reliability;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The default result cap, 4 MiB of encoded response, on both transports with nothing configured: a response of
 * exactly 4 MiB is sent, one byte more is a tool error saying so; a result whose encoding runs the heap out
 * (simulated) ends its own call with a tool error, and the transport answers the next message.
 */
@Timeout(120)
class ResultCapTest extends LiveServer {

    private static final int CAP = 4 * MIB;
    private static final String TOO_LARGE = "The result was too large to send: over the server's limit of 4194304 bytes";
    private static final String EXHAUSTED = "The result was too large to send: the server ran out of memory encoding it";

    /** Ids of one width, so that every answer to {@code sized} has the same envelope around its text. */
    private static String sized(String id, int length) {
        return CoreClient.modernMessage(id, "tools/call", "\"name\":\"sized\",\"arguments\":{\"length\":" + length + "}");
    }

    /** The header pairs of a 2026-07-28 {@code tools/call}, as {@link #post} takes them. */
    private static String[] call(String tool) {
        return new String[] {"MCP-Protocol-Version", MODERN, "Mcp-Method", "tools/call", "Mcp-Name", tool};
    }

    private static int bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    private static void assertToolError(JsonNode response, String id, String text) {
        assertThat(response.get("id").asString()).isEqualTo(id);
        assertThat(response.at("/result/isError").asBoolean()).as("%s", response).isTrue();
        assertThat(response.at("/result/content/0/text").asString()).isEqualTo(text);
        assertThat(response.at("/result/content")).hasSize(1);
    }

    @Test
    void overStdioA4MiBResultIsSentOneBytePastIsAToolErrorAndAnExhaustedHeapEndsOnlyItsCall() throws Exception {
        // the core's own default: a server built without limits
        int overhead = bytes(StdioPipe.serve(new TestHost().server(), sized("p1", 100) + "\n").get(0)) - 100;
        String input = String.join("\n", sized("a1", CAP - overhead), sized("a2", CAP - overhead + 1),
                CoreClient.modernMessage("a3", "tools/call", "\"name\":\"exhausting\""),
                CoreClient.modernMessage("a4", "tools/call", "\"name\":\"count\"")) + "\n";
        List<String> lines = StdioPipe.serve(new TestHost().server(), input);
        Map<String, String> byId = new HashMap<>();
        for (String line : lines) {
            byId.put(CoreClient.JSON.readTree(line).get("id").asString(), line);
        }
        assertThat(byId).containsOnlyKeys("a1", "a2", "a3", "a4");
        assertThat(bytes(byId.get("a1"))).isEqualTo(CAP);
        assertThat(CoreClient.JSON.readTree(byId.get("a1")).at("/result/content/0/text").asString())
                .hasSize(CAP - overhead);
        assertToolError(CoreClient.JSON.readTree(byId.get("a2")), "a2", TOO_LARGE);
        assertToolError(CoreClient.JSON.readTree(byId.get("a3")), "a3", EXHAUSTED);
        assertThat(CoreClient.JSON.readTree(byId.get("a4")).at("/result/content/0/text").asString())
                .startsWith("count ");
    }

    @Test
    void overHttpA4MiBResultIsSentOneBytePastIsAToolErrorAndAnExhaustedHeapEndsOnlyItsCall() throws Exception {
        String[] headers = call("sized");
        int overhead = bytes(post(sized("p1", 100), headers).body()) - 100;

        HttpResponse<String> atCap = post(sized("a1", CAP - overhead), headers);
        assertThat(atCap.statusCode()).isEqualTo(200);
        assertThat(bytes(atCap.body())).isEqualTo(CAP);
        assertThat(CoreClient.JSON.readTree(atCap.body()).at("/result/content/0/text").asString()).hasSize(CAP - overhead);

        HttpResponse<String> past = post(sized("a2", CAP - overhead + 1), headers);
        assertThat(past.statusCode()).isEqualTo(200);
        assertToolError(CoreClient.JSON.readTree(past.body()), "a2", TOO_LARGE);

        HttpResponse<String> exhausted = post(CoreClient.modernMessage("a3", "tools/call", "\"name\":\"exhausting\""),
                call("exhausting"));
        assertThat(exhausted.statusCode()).isEqualTo(200);
        assertToolError(CoreClient.JSON.readTree(exhausted.body()), "a3", EXHAUSTED);
        assertThat(post(CoreClient.modernMessage("a4", "tools/call", "\"name\":\"count\""),
                call("count")).statusCode()).isEqualTo(200);
    }
}
