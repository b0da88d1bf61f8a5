package io.beammcp.reliability;

import io.beammcp.core.server.McpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;

import static io.beammcp.reliability.CoreClient.result;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Nothing a client sends is remembered: 10,000 distinct undeclared argument keys (one call holding them
 * all, then 10,000 calls with one new key each, through tools with lax and strict schemas and through
 * prompts) leave every map, collection and array reachable from the server (its catalog index, compiled
 * schemas, validator, JSON codec, caches, and their static state) as large as it was, and no string the
 * client made up is reachable from it.
 */
@Timeout(120)
class NoGrowthTest {

    private static final String MARKER = "undeclared-k3y-";

    @Test
    void tenThousandDistinctUndeclaredKeysCauseNoGrowthInAnyMapOrCache() {
        TestHost host = new TestHost();
        McpServer server = host.server();
        CoreClient client = new CoreClient(server);
        // warm up every path once with keys that are not the marker
        traffic(client, "warm-", 200);
        host.dispatched.clear();
        host.rendered.clear();
        HeapCensus before = HeapCensus.of(server, MARKER);
        assertThat(before.markedStrings).isZero();

        StringBuilder many = new StringBuilder("{\"text\":\"x\"");
        for (int i = 0; i < 10_000; i++) {
            many.append(",\"").append(MARKER).append("all-").append(i).append("\":").append(i);
        }
        result(client.modern(1, "tools/call", "\"name\":\"echo\",\"arguments\":" + many.append("}")));
        traffic(client, MARKER, 10_000);
        assertThat(host.dispatched).hasSize(2_500).allSatisfy(arguments -> assertThat(arguments.keySet())
                .noneMatch(k -> k.startsWith(MARKER)));
        // the host's own recordings are the host's business, not the server's
        host.dispatched.clear();
        host.rendered.clear();

        HeapCensus after = HeapCensus.of(server, MARKER);
        Map<String, Integer> growth = after.growthSince(before);
        assertThat(growth).as("holders that grew").isEmpty();
        assertThat(after.total).isLessThanOrEqualTo(before.total);
        assertThat(after.markedStrings).as("client-made strings still reachable").isZero();
        // Jackson's own name canonicalizer is bounded by Jackson (reset past 6,000 names)
        assertThat(after.symbolTableNames).isLessThanOrEqualTo(16_384);
    }

    private static void traffic(CoreClient client, String prefix, int calls) {
        for (int i = 0; i < calls; i++) {
            String key = prefix + i;
            switch (i % 4) {
                case 0 -> client.modern(i, "tools/call", "\"name\":\"echo\",\"arguments\":{\"text\":\"x\",\"" + key + "\":1}");
                case 1 -> client.modern(i, "tools/call", "\"name\":\"record\",\"arguments\":{\"" + key + "\":{\"" + key
                        + "\":[true]}}");
                case 2 -> client.modern(i, "tools/call", "\"name\":\"strict\",\"arguments\":{\"a\":\"x\",\"" + key + "\":1}");
                default -> client.modern(i, "prompts/get", "\"name\":\"greet\",\"arguments\":{\"who\":\"x\",\"" + key
                        + "\":\"y\"},\"" + key + "\":1");
            }
        }
    }
}
