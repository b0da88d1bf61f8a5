package io.beammcp.core.server;

import io.beammcp.core.spi.Reply;
import io.beammcp.core.spi.TransportFacts;
import io.beammcp.core.spi.McpLimits;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.security.Principal;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The tool-call rate per caller: the calls within the rate run, the next one in the period is refused before
 * the tool runs (a tool error on stdio, a {@link Reply.Kind#RATE_LIMITED} reply where the transport frames it),
 * each caller has its own allowance, and the callers tracked are bounded.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RateLimitTest {

    private static final Duration MINUTE = Duration.ofMinutes(1);

    private final AtomicInteger ran = new AtomicInteger();

    private Wire wire(int perCaller, Duration period, int maxCallers) {
        return Wire.of(b -> b.limits(new McpLimits(0, 0, perCaller, period, maxCallers)), (name, args, ctx) -> {
            ran.incrementAndGet();
            return ToolResult.of("done");
        }, ToolSpec.builder("count").build());
    }

    private static JsonNode call(Wire wire, Object id) {
        return wire.modern(id, "tools/call", "\"name\":\"count\"");
    }

    private static boolean ran(JsonNode response) {
        return "done".equals(response.at("/result/content/0/text").stringValue())
                && !response.at("/result/isError").asBoolean();
    }

    private static Principal named(String name) {
        return () -> name;
    }

    @Test
    void theCallPastTheRateIsAToolErrorBeforeTheToolRunsAndACallAfterThePeriodRuns() throws Exception {
        Wire wire = wire(2, Duration.ofSeconds(1), 10);
        assertThat(ran(call(wire, 1))).isTrue();
        assertThat(ran(call(wire, 2))).isTrue();

        JsonNode third = call(wire, 3);
        assertThat(third.at("/result/isError").booleanValue()).isTrue();
        assertThat(third.at("/result/content/0/text").stringValue())
                .matches("Rate limit exceeded: at most 2 tool calls in 1 s; retry after [12] s");
        assertThat(ran.get()).as("the refused call never reached the tool").isEqualTo(2);

        // the period ends within a second; polled, with a bound, rather than slept for exactly
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        JsonNode later;
        int id = 4;
        do {
            Thread.sleep(100);
            later = call(wire, id++);
        } while (!ran(later) && System.nanoTime() < deadline);
        assertThat(ran(later)).as("a call after the period runs: %s", later).isTrue();
    }

    @Test
    void theLegacyRevisionOnStdioGetsTheSameToolError() {
        Wire wire = wire(1, MINUTE, 10);
        wire.initialize();
        assertThat(wire.legacy(1, "tools/call", "{\"name\":\"count\"}").at("/result/isError").asBoolean()).isFalse();
        JsonNode refused = wire.legacy(2, "tools/call", "{\"name\":\"count\"}");
        assertThat(refused.at("/result/isError").booleanValue()).isTrue();
        assertThat(refused.at("/result/content/0/text").stringValue())
                .startsWith("Rate limit exceeded: at most 1 tool calls in 60 s; retry after ");
        assertThat(ran.get()).isEqualTo(1);
    }

    @Test
    void aTransportThatFramesRateLimitsGetsARateLimitedReplyWithTheErrorAndTheSecondsToWait() {
        Wire wire = wire(1, MINUTE, 10);
        wire.transport = new TransportFacts("tcp", false, true, false, true);
        assertThat(ran(call(wire, 1))).isTrue();

        JsonNode refused = call(wire, "second");
        Wire.assertError(refused, "second", -31429);
        assertThat(wire.last.kind()).isEqualTo(Reply.Kind.RATE_LIMITED);
        assertThat(wire.last.errorCode()).isEqualTo(-31429);
        assertThat(wire.last.retryAfterSeconds()).isBetween(1L, 66L); // a period and at most one slot of it
        assertThat(refused.at("/error/data/retryAfterSeconds").asLong()).isEqualTo(wire.last.retryAfterSeconds());
        assertThat(refused.at("/error/message").stringValue())
                .isEqualTo("Rate limit exceeded: at most 1 tool calls in 60 s; retry after "
                        + wire.last.retryAfterSeconds() + " s");
        assertThat(ran.get()).isEqualTo(1);
    }

    @Test
    void eachPrincipalHasItsOwnAllowanceWhateverItsAddress() {
        Wire wire = wire(1, MINUTE, 10);
        wire.principal = named("alice");
        wire.peer = "10.0.0.1";
        assertThat(ran(call(wire, 1))).isTrue();
        wire.peer = "10.0.0.2";
        assertThat(ran(call(wire, 2))).as("alice again, from elsewhere").isFalse();

        wire.principal = named("bob");
        assertThat(ran(call(wire, 3))).as("bob has his own").isTrue();
        assertThat(ran(call(wire, 4))).isFalse();
        assertThat(ran.get()).isEqualTo(2);
    }

    @Test
    void withoutAPrincipalEachAddressHasItsOwnAllowance() {
        Wire wire = wire(1, MINUTE, 10);
        wire.peer = "10.0.0.1";
        assertThat(ran(call(wire, 1))).isTrue();
        assertThat(ran(call(wire, 2))).isFalse();
        wire.peer = "10.0.0.2";
        assertThat(ran(call(wire, 3))).isTrue();
    }

    @Test
    void pastTheTrackedCallersTheLeastRecentlySeenIsForgottenAndStartsAfresh() {
        Wire wire = wire(1, MINUTE, 1);
        wire.principal = named("a");
        assertThat(ran(call(wire, 1))).isTrue();
        assertThat(ran(call(wire, 2))).as("a is over its rate").isFalse();
        wire.principal = named("b");
        assertThat(ran(call(wire, 3))).isTrue();
        wire.principal = named("a");
        assertThat(ran(call(wire, 4))).as("a was forgotten for b: a full allowance").isTrue();
    }

    @Test
    void withoutARateEveryCallRuns() {
        Wire wire = wire(0, MINUTE, 1);
        for (int id = 1; id <= 5; id++) {
            assertThat(ran(call(wire, id))).isTrue();
        }
    }

    @Test
    void theOneArgumentLimitsHaveNoRateAndTheDefaults() {
        McpLimits limits = new McpLimits(3);
        assertThat(limits.toolCallsPerCaller()).isZero();
        assertThat(limits.toolCallsPeriod()).isEqualTo(MINUTE);
        assertThat(limits.maxTrackedCallers()).isEqualTo(10_000);
        assertThat(new McpLimits(0, 0, 5, null, 0)).isEqualTo(new McpLimits(0, 0, 5, MINUTE, 10_000));
    }
}
