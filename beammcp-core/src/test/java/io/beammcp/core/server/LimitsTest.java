package io.beammcp.core.server;

import io.beammcp.core.spi.Reply;
import io.beammcp.core.spi.McpLimits;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The bound of concurrent calls per tool: at the bound calls run, one past it is a tool error at once. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LimitsTest {

    private final ExecutorService hostThreads = Executors.newCachedThreadPool();
    private final CountDownLatch entered = new CountDownLatch(2);
    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void stop() {
        release.countDown();
        hostThreads.shutdownNow();
    }

    private Wire wire(int max) {
        return Wire.of(b -> b.limits(new McpLimits(max)), (name, args, ctx) -> {
            if (name.equals("block")) {
                entered.countDown();
                release.await(20, TimeUnit.SECONDS);
            }
            return ToolResult.of("done");
        }, ToolSpec.builder("block").build(), ToolSpec.builder("quick").build());
    }

    private static String call(Object id, String tool) {
        return Wire.modernText(id, "tools/call", "\"name\":\"" + tool + "\"", Wire.modernMeta("\"progressToken\":\"p\""));
    }

    @Test
    void aCallOnePastTheBoundIsAToolErrorAndACallAfterOneEndsRuns() throws Exception {
        Wire wire = wire(2);
        CompletableFuture<Reply> first = wire.sendAsync(call(1, "block"), hostThreads);
        CompletableFuture<Reply> second = wire.sendAsync(call(2, "block"), hostThreads);
        assertThat(entered.await(10, TimeUnit.SECONDS)).as("two calls run at the bound").isTrue();

        JsonNode third = wire.send(call(3, "block"));
        assertThat(third.at("/result/isError").booleanValue()).isTrue();
        assertThat(third.at("/result/content/0/text").stringValue())
                .isEqualTo("The tool 'block' is already running 2 calls at once, its limit; try again later");
        assertThat(wire.send(call(4, "quick")).at("/result/isError").asBoolean())
                .as("the bound is per tool").isFalse();

        release.countDown();
        assertThat(Wire.body(first.get(10, TimeUnit.SECONDS)).at("/result/content/0/text").stringValue())
                .isEqualTo("done");
        assertThat(Wire.body(second.get(10, TimeUnit.SECONDS)).at("/result/content/0/text").stringValue())
                .isEqualTo("done");
        assertThat(wire.send(call(5, "block")).at("/result/content/0/text").stringValue())
                .as("permits come back when calls end").isEqualTo("done");
    }

    @Test
    void withoutLimitsEveryCallRuns() throws Exception {
        Wire wire = wire(0);
        wire.sendAsync(call(1, "block"), hostThreads);
        wire.sendAsync(call(2, "block"), hostThreads);
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<Reply> third = wire.sendAsync(call(3, "block"), hostThreads);
        release.countDown();
        assertThat(Wire.body(third.get(10, TimeUnit.SECONDS)).at("/result/isError").asBoolean()).isFalse();
    }
}
