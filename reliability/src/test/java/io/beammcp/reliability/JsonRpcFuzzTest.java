package io.beammcp.reliability;

import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.Reply;
import io.beammcp.testsupport.core.StubExchange;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Property tests over generated and mutated JSON-RPC messages (valid, near-valid, hostile), through the core
 * on both transports' exchanges and through the stdio loop: every request with an id gets exactly one
 * response, a valid JSON-RPC message carrying that id; notifications get none; nothing throws; no response
 * carries a stack trace or a Java class name. {@code reliability.fuzz.cases} messages (5,000 in CI, 100,000
 * with {@code -Preliability-full}); {@code reliability.seed} fixes the seed (0: a new one, printed).
 */
class JsonRpcFuzzTest {

    static final int CASES = Integer.getInteger("reliability.fuzz.cases", 5_000);
    static final long SEED = Long.getLong("reliability.seed", 0L) != 0 ? Long.getLong("reliability.seed")
            : System.nanoTime();
    private static final long CAP = 64 * 1024;

    @Test
    void everyMessageThroughTheCoreGetsExactlyTheAnswerItsEnvelopeCallsFor() {
        TestHost host = new TestHost();
        McpServer server = host.server(b -> b.maxMessageSize(CAP));
        MessageFuzzer fuzzer = new MessageFuzzer(SEED, CAP);
        SplittableRandom headers = new SplittableRandom(SEED ^ 0x5DEECE66DL);
        LegacySession stdioSession = McpServer.newSession();
        List<String> failures = new ArrayList<>();
        Map<MessageFuzzer.Kind, Integer> kinds = new EnumMap<>(MessageFuzzer.Kind.class);
        Quiet quiet = Quiet.hostFaults();
        for (int i = 0; i < CASES && failures.size() < 20; i++) {
            byte[] message = fuzzer.next();
            MessageFuzzer.Expectation expected = fuzzer.expect(message);
            kinds.merge(expected.kind(), 1, Integer::sum);
            String request = fuzzer.decoded(message) + "\n" + new String(message, StandardCharsets.UTF_8);
            // each message through one exchange, alternating, so the CI budget covers both transports' rules
            for (Exchange exchange : List.of(i % 2 == 0 ? stdio(stdioSession) : http(headers, expected.method()))) {
                String problem;
                try {
                    Reply reply = server.handle(message, exchange);
                    String body = reply.hasBody() ? new String(reply.body(), StandardCharsets.UTF_8) : null;
                    problem = MessageFuzzer.check(expected, body, request);
                } catch (Throwable t) {
                    problem = "threw " + t;
                }
                if (problem != null) {
                    failures.add("case " + i + " (seed " + SEED + ", " + exchange.facts().networkTransport() + "): " + problem
                            + "\n  request: " + WireChecks.abbreviate(new String(message, StandardCharsets.UTF_8)));
                }
            }
        }
        quiet.close();
        System.out.println("JsonRpcFuzzTest core: " + CASES + " cases (stdio and HTTP exchanges alternating), seed " + SEED + ", " + kinds);
        assertThat(failures).isEmpty();
        assertThat(kinds.keySet()).containsAll(List.of(MessageFuzzer.Kind.values()));
    }

    @Test
    void everyLinePipelinedThroughTheStdioLoopGetsExactlyItsAnswers() throws Exception {
        TestHost host = new TestHost();
        McpServer server = host.server(b -> b.maxMessageSize(CAP));
        MessageFuzzer fuzzer = new MessageFuzzer(SEED + 1, CAP);
        int done = 0;
        while (done < CASES) {
            int batch = Math.min(2_000, CASES - done);
            ByteArrayOutputStream input = new ByteArrayOutputStream();
            Map<String, Integer> required = new HashMap<>();
            Map<String, Integer> optional = new HashMap<>();
            List<String> requests = new ArrayList<>();
            for (int i = 0; i < batch; i++) {
                byte[] message = fuzzer.next();
                for (int j = 0; j < message.length; j++) {
                    if (message[j] == '\n') {
                        message[j] = ' ';
                    }
                }
                MessageFuzzer.Expectation expected = fuzzer.expect(message);
                if ("shutdown".equals(expected.method()) || "exit".equals(expected.method())) {
                    continue;
                }
                if (blank(message)) {
                    continue;
                }
                requests.add(fuzzer.decoded(message));
                String key = MessageFuzzer.idKey(expected.id());
                switch (expected.kind()) {
                    case ONE_WITH_ID, ERROR_WITH_ID, ERROR_WITHOUT_ID -> required.merge(key, 1, Integer::sum);
                    case NONE_OR_ERROR_WITH_ID -> optional.merge(key, 1, Integer::sum);
                    default -> {
                    }
                }
                input.writeBytes(message);
                input.write('\n');
            }
            List<String> lines;
            try (Quiet quiet = Quiet.hostFaults()) {
                lines = StdioPipe.serve(server, input.toByteArray());
            }
            String allRequests = String.join("\n", requests);
            Map<String, Integer> actual = new HashMap<>();
            for (String line : lines) {
                String problem = WireChecks.problem(line, allRequests);
                assertThat(problem).as("seed %d: %s", SEED + 1, line).isNull();
                JsonNode node = CoreClient.JSON.readTree(line);
                actual.merge(MessageFuzzer.idKey(node.get("id")), 1, Integer::sum);
            }
            for (Map.Entry<String, Integer> e : required.entrySet()) {
                int got = actual.getOrDefault(e.getKey(), 0);
                assertThat(got).as("answers for id %s (seed %d)", e.getKey(), SEED + 1)
                        .isBetween(e.getValue(), e.getValue() + optional.getOrDefault(e.getKey(), 0));
            }
            for (Map.Entry<String, Integer> e : actual.entrySet()) {
                assertThat(required.getOrDefault(e.getKey(), 0) + optional.getOrDefault(e.getKey(), 0))
                        .as("unexpected answers for id %s (seed %d)", e.getKey(), SEED + 1).isGreaterThanOrEqualTo(e.getValue());
            }
            done += batch;
        }
        System.out.println("JsonRpcFuzzTest stdio: " + CASES + " lines, seed " + (SEED + 1));
    }

    private static boolean blank(byte[] line) {
        int end = line.length;
        for (int i = 0; i < end; i++) {
            if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r') {
                return false;
            }
        }
        return true;
    }

    private static Exchange stdio(LegacySession session) {
        return StubExchange.stdio(session);
    }

    /** An HTTP exchange whose headers mirror the method, contradict it, or are missing, at random. */
    private static Exchange http(SplittableRandom random, String method) {
        Map<String, List<String>> headers = new HashMap<>();
        int choice = random.nextInt(6);
        if (choice > 0) {
            headers.put("mcp-protocol-version", List.of(choice == 1 ? "2025-11-25" : choice == 2 ? "v9" : "2026-07-28"));
        }
        if (choice > 1 && method != null) {
            headers.put("mcp-method", choice == 3 ? List.of("tools/list", method) : List.of(method));
        }
        if (random.nextBoolean()) {
            headers.put("mcp-name", List.of(MessageFuzzer.TOOLS.get(random.nextInt(MessageFuzzer.TOOLS.size()))));
        }
        return StubExchange.http(headers);
    }
}
