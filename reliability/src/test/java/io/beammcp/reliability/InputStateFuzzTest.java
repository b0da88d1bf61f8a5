package io.beammcp.reliability;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.InputRequest;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.server.McpServer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Mutated {@code requestState} values (threat I1): a state the server sealed, then altered at random (a
 * character changed, dropped or added, parts swapped or cut, the payload re-encoded with other answers or
 * another binding under the old MAC), is always {@code -32602} and never reaches host code. A fifth of
 * {@code reliability.fuzz.cases}; {@code reliability.seed} fixes the seed.
 */
class InputStateFuzzTest {

    private static final int CASES = Math.max(200, JsonRpcFuzzTest.CASES / 5);
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/";
    private static final String CAPABILITIES = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{\"elicitation\":{}}}";

    private final AtomicInteger hostRuns = new AtomicInteger();
    private final McpServer server = McpServer.builder(
            Catalog.of(List.of(ToolSpec.builder("confirm").description("Asks for a confirmation").build())),
            (name, arguments, context) -> {
                hostRuns.incrementAndGet();
                return ToolResult.of("confirmed " + context.ask("ok", InputRequest.elicitation("Sure?",
                        java.util.Map.of("type", "object"))));
            }).build();

    private static String call(int id, String extra) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"confirm\""
                + extra + "," + CAPABILITIES + "}}";
    }

    @Test
    void everyAlteredStateIsInvalidParamsAndNeverReachesHostCode() {
        CoreClient client = new CoreClient(server);
        String state = client.send(call(1, "")).at("/result/requestState").stringValue();
        assertThat(state).startsWith("v1.");
        String answer = ",\"inputResponses\":{\"ok\":{\"action\":\"accept\",\"content\":{}}}";
        assertThat(client.send(call(2, answer + ",\"requestState\":\"" + state + "\"")).at("/result/resultType")
                .stringValue()).as("the genuine state completes").isEqualTo("complete");
        Random random = new Random(JsonRpcFuzzTest.SEED);
        int before = hostRuns.get();
        int refused = 0;
        for (int i = 0; i < CASES; i++) {
            String altered = mutate(state, random);
            if (altered.equals(state)) {
                continue;
            }
            String quoted = CoreClient.JSON.writeValueAsString(altered);
            JsonNode response = client.send(call(3, answer + ",\"requestState\":" + quoted));
            assertThat(response.at("/error/code").asInt()).as("seed %d, state %s: %s", JsonRpcFuzzTest.SEED, quoted,
                    response).isEqualTo(-32602);
            refused++;
        }
        assertThat(hostRuns.get()).as("no altered state reached host code").isEqualTo(before);
        assertThat(refused).isGreaterThan(CASES / 2);
    }

    private static String mutate(String state, Random random) {
        String[] parts = state.split("\\.", -1);
        switch (random.nextInt(7)) {
            case 0: {
                int at = random.nextInt(state.length());
                return state.substring(0, at) + ALPHABET.charAt(random.nextInt(ALPHABET.length())) + state.substring(at + 1);
            }
            case 1: {
                int at = random.nextInt(state.length());
                return state.substring(0, at) + state.substring(at + 1);
            }
            case 2: {
                int at = random.nextInt(state.length() + 1);
                return state.substring(0, at) + ALPHABET.charAt(random.nextInt(ALPHABET.length())) + state.substring(at);
            }
            case 3:
                return state.substring(0, random.nextInt(state.length()));
            case 4:
                return parts[0] + "." + parts[2] + "." + parts[1];
            case 5: {
                // other answers or another binding, re-encoded under the old MAC
                String payload = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
                String forged = random.nextBoolean() ? payload.replace("\"r\":{}", "\"r\":{\"ok\":{\"action\":\"accept\"}}")
                        : payload.replace("\"n\":\"confirm\"", "\"n\":\"other\"").replace("\"e\":", "\"e\":9");
                return parts[0] + "." + Base64.getUrlEncoder().withoutPadding()
                        .encodeToString(forged.getBytes(StandardCharsets.UTF_8)) + "." + parts[2];
            }
            default:
                return "v" + random.nextInt(3) + "." + parts[1] + "." + parts[2] + (random.nextBoolean() ? "=" : "");
        }
    }
}
