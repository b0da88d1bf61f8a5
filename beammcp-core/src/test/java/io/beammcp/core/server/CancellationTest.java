package io.beammcp.core.server;

import io.beammcp.core.spi.Reply;
import io.beammcp.core.CallContext;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.internal.session.Session;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A request the client no longer wants ({@code notifications/cancelled}, a closed stream) or that runs past
 * its time limit: host code sees the cancellation and is interrupted; a cancelled request is never answered,
 * a timed-out tool call is answered with a tool error.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CancellationTest {

    private final ExecutorService hostThreads = Executors.newCachedThreadPool();
    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch interrupted = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicReference<CallContext> seen = new AtomicReference<>();
    private final AtomicBoolean cancelledWhenInterrupted = new AtomicBoolean();
    private final AtomicInteger finishedNormally = new AtomicInteger();

    @AfterEach
    void stopHostThreads() {
        release.countDown();
        hostThreads.shutdownNow();
    }

    /** {@code block} reports progress, then waits for {@link #release}; {@code quick} answers at once. */
    private Wire wire(UnaryOperator<McpServerBuilder> settings) {
        return Wire.of(settings, (name, args, ctx) -> {
            if (name.equals("quick")) {
                return ToolResult.of("quick");
            }
            seen.set(ctx);
            ctx.progress(1, null, "started");
            entered.countDown();
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                cancelledWhenInterrupted.set(ctx.isCancelled());
                interrupted.countDown();
                ctx.progress(2, null, "after the cancellation: never sent");
                throw e;
            }
            finishedNormally.incrementAndGet();
            return ToolResult.of("finished");
        }, ToolSpec.builder("block").build(), ToolSpec.builder("quick").build());
    }

    private static String call(Object id, String tool) {
        return Wire.modernText(id, "tools/call", "\"name\":\"" + tool + "\"", Wire.modernMeta("\"progressToken\":\"p\""));
    }

    private void assertStoppedWithoutAnswer(Wire wire, CompletableFuture<Reply> reply) throws Exception {
        assertThat(interrupted.await(10, TimeUnit.SECONDS)).as("host code was interrupted").isTrue();
        assertThat(cancelledWhenInterrupted.get()).as("the context said cancelled").isTrue();
        Reply answer = reply.get(10, TimeUnit.SECONDS);
        assertThat(answer.hasBody()).as("no response for a cancelled request").isFalse();
        assertThat(answer.kind()).isEqualTo(Reply.Kind.UNANSWERED);
        assertThat(wire.notifications).as("only the progress sent before the cancellation").hasSize(1);
        assertThat(finishedNormally.get()).isZero();
    }

    @Test
    void notificationsCancelledOnStdioStopsTheHostAndNothingIsSent() throws Exception {
        Wire wire = wire(UnaryOperator.identity());
        CompletableFuture<Reply> reply = wire.sendAsync(call(7, "block"), hostThreads);
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":7,"
                + "\"reason\":\"user abort\"}}")).isNull();
        assertStoppedWithoutAnswer(wire, reply);
        assertThat(Session.of(wire.session).inFlight()).as("nothing left to cancel").isEmpty();
    }

    @Test
    void aLegacySessionCancelsByIdToo() throws Exception {
        Wire wire = wire(UnaryOperator.identity());
        wire.initialize();
        CompletableFuture<Reply> reply = wire.sendAsync("{\"jsonrpc\":\"2.0\",\"id\":\"call-1\",\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"block\",\"_meta\":{\"progressToken\":\"p\"}}}", hostThreads);
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(seen.get().revision()).isEqualTo(Revision.V2025_11_25);
        wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"call-1\"}}");
        assertStoppedWithoutAnswer(wire, reply);
    }

    @Test
    void theClientLeavingCancelsLikeANotification() throws Exception {
        Wire wire = wire(UnaryOperator.identity());
        CompletableFuture<Reply> reply = wire.sendAsync(call(1, "block"), hostThreads);
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        wire.onClose.forEach(Runnable::run);
        assertStoppedWithoutAnswer(wire, reply);
    }

    @Test
    void aSendThatFindsTheClientGoneCancels() throws Exception {
        Wire wire = wire(UnaryOperator.identity());
        wire.clientPresent = false;
        CompletableFuture<Reply> reply = wire.sendAsync(call(1, "block"), hostThreads);
        assertThat(interrupted.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(reply.get(10, TimeUnit.SECONDS).kind()).isEqualTo(Reply.Kind.UNANSWERED);
        assertThat(wire.notifications).isEmpty();
    }

    @Test
    void anUnknownOrFinishedIdIsIgnored() {
        Wire wire = wire(UnaryOperator.identity());
        result(wire.send(call(1, "quick")));
        for (String id : new String[] {"1", "99", "\"1\"", "null", "{}"}) {
            assertThat(wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":"
                    + id + "}}")).isNull();
        }
        assertThat(wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\"}")).isNull();
        result(wire.send(call(2, "quick")));
    }

    @Test
    void overHttpA2026CancelNotificationIsAcceptedAndIgnored() throws Exception {
        Wire wire = wire(UnaryOperator.identity()).http();
        wire.modernHeaders("tools/call").header("Mcp-Name", "block");
        CompletableFuture<Reply> reply = wire.sendAsync(call(7, "block"), hostThreads);
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        wire.headers.clear();
        wire.header("MCP-Protocol-Version", "2026-07-28");
        assertThat(wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":7}}"))
                .isNull();
        assertThat(wire.last.refused()).isFalse();
        assertThat(interrupted.await(300, TimeUnit.MILLISECONDS)).as("over HTTP the stream's close cancels").isFalse();
        release.countDown();
        assertThat(Wire.body(reply.get(10, TimeUnit.SECONDS)).at("/result/content/0/text").asString())
                .isEqualTo("finished");
    }

    // ---- time limit -----------------------------------------------------------------------------------

    @Test
    void aToolPastItsTimeLimitIsInterruptedAndAnsweredWithAToolError() throws Exception {
        Wire wire = wire(b -> b.toolTimeout(Duration.ofMillis(300)));
        CompletableFuture<Reply> reply = wire.sendAsync(call(4, "block"), hostThreads);
        JsonNode response = Wire.body(reply.get(10, TimeUnit.SECONDS));
        JsonNode result = result(response);
        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.at("/content/0/text").asString())
                .isEqualTo("The tool 'block' did not finish within 300 ms and was cancelled");
        assertThat(result.path("resultType").asString()).isEqualTo("complete");
        assertThat(interrupted.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(cancelledWhenInterrupted.get()).isTrue();
        assertThat(finishedNormally.get()).isZero();
    }

    @Test
    void aToolWithinItsTimeLimitIsAnsweredOnce() throws Exception {
        Wire wire = wire(b -> b.toolTimeout(Duration.ofMillis(200)));
        AtomicInteger answers = new AtomicInteger();
        CountDownLatch answered = new CountDownLatch(1);
        wire.server.handle(call(1, "quick").getBytes(), wire.exchange(), hostThreads, reply -> {
            answers.incrementAndGet();
            answered.countDown();
        });
        assertThat(answered.await(10, TimeUnit.SECONDS)).isTrue();
        // past the limit nothing more comes
        assertThat(interrupted.await(400, TimeUnit.MILLISECONDS)).isFalse();
        assertThat(answers.get()).isEqualTo(1);
    }

    @Test
    void theTimeLimitAppliesToLegacyCallsToo() throws Exception {
        Wire wire = wire(b -> b.toolTimeout(Duration.ofSeconds(1)));
        wire.initialize();
        CompletableFuture<Reply> reply = wire.sendAsync("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"block\"}}", hostThreads);
        JsonNode response = Wire.body(reply.get(10, TimeUnit.SECONDS));
        assertThat(result(response).at("/content/0/text").asString()).contains("within 1 s");
        assertThat(result(response).has("resultType")).isFalse();
    }
}
