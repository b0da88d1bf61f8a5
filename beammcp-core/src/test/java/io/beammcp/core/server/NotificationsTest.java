package io.beammcp.core.server;

import io.beammcp.core.CallContext;
import io.beammcp.core.LogLevel;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What host code sends through its call context before the response: progress (only with a token, only
 * increasing) and log messages (filtered by the request's level in 2026-07-28, by the session's in
 * 2025-11-25), validated against each revision's schema.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class NotificationsTest {

    private final AtomicReference<CallContext> context = new AtomicReference<>();

    /** {@code progress} reports 0, 50, 50, 40, 12.5 ... 100; {@code logs} logs once at every level. */
    private Wire wire() {
        return Wire.of((name, args, ctx) -> {
            context.set(ctx);
            if (name.equals("progress")) {
                ctx.progress(0, 100, "starting");
                ctx.progress(50, 100, null);
                ctx.progress(50, 100, "repeated: dropped");
                ctx.progress(40, 100, "backwards: dropped");
                ctx.progress(new BigDecimal("50.5"), null, null);
                ctx.progress(100.0, 100, "done");
            } else {
                for (LogLevel level : LogLevel.values()) {
                    ctx.log(level, "fixture", "at " + level.id());
                }
                ctx.log(LogLevel.ERROR, null, Map.of("code", 7));
            }
            return ToolResult.of("ok");
        }, ToolSpec.builder("progress").build(), ToolSpec.builder("logs").build());
    }

    private static List<String> levels(List<JsonNode> messages) {
        List<String> levels = new ArrayList<>();
        messages.forEach(m -> levels.add(m.at("/params/level").asString()));
        return levels;
    }

    // ---- progress -------------------------------------------------------------------------------------

    @Test
    void progressIsSentBeforeTheResultOnlyWhenItIncreasesWithTheTokenEchoed() {
        Wire wire = wire();
        AtomicInteger sentBeforeAnswer = new AtomicInteger(-1);
        wire.server.handle(Wire.modernText(1, "tools/call", "\"name\":\"progress\"", Wire.modernMeta(
                "\"progressToken\":\"tok-1\"")).getBytes(), wire.exchange(), Runnable::run,
                reply -> sentBeforeAnswer.set(wire.notifications.size()));
        assertThat(wire.notifications).containsExactly(
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":\"tok-1\","
                        + "\"progress\":0,\"total\":100,\"message\":\"starting\"}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":\"tok-1\","
                        + "\"progress\":50,\"total\":100}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":\"tok-1\","
                        + "\"progress\":50.5}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":\"tok-1\","
                        + "\"progress\":100,\"total\":100,\"message\":\"done\"}}");
        assertThat(sentBeforeAnswer.get()).as("every notification precedes the answer").isEqualTo(4);
    }

    @Test
    void anIntegerTokenIsEchoedAsAnInteger() {
        Wire wire = wire();
        wire.send(Wire.modernText(1, "tools/call", "\"name\":\"progress\"", Wire.modernMeta(
                "\"progressToken\":9007199254740993")));
        assertThat(wire.sent()).hasSize(4).allSatisfy(n -> {
            assertThat(n.at("/params/progressToken").isIntegralNumber()).isTrue();
            assertThat(n.at("/params/progressToken").asString()).isEqualTo("9007199254740993");
        });
    }

    @Test
    void withoutATokenNoProgressIsSent() {
        Wire wire = wire();
        result(wire.modern(1, "tools/call", "\"name\":\"progress\""));
        assertThat(wire.notifications).isEmpty();
        // a token that is neither a string nor an integer is no token
        wire.send(Wire.modernText(2, "tools/call", "\"name\":\"progress\"", Wire.modernMeta("\"progressToken\":1.5")));
        assertThat(wire.notifications).isEmpty();
    }

    @Test
    void nothingIsSentOnceTheRequestIsAnswered() {
        Wire wire = wire();
        wire.send(Wire.modernText(1, "tools/call", "\"name\":\"progress\"", Wire.modernMeta(
                "\"progressToken\":\"t\",\"io.modelcontextprotocol/logLevel\":\"debug\"")));
        int before = wire.notifications.size();
        context.get().progress(1000, null, "late");
        context.get().log(LogLevel.EMERGENCY, null, "late");
        assertThat(wire.notifications).hasSize(before);
        assertThat(context.get().isCancelled()).isFalse();
    }

    @Test
    void progressMustBeAFiniteNumber() {
        Wire wire = Wire.of((name, args, ctx) -> {
            assertThatThrownBy(() -> ctx.progress(Double.NaN, null, null)).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> ctx.progress(1, Double.POSITIVE_INFINITY, null))
                    .isInstanceOf(IllegalArgumentException.class);
            return ToolResult.of("checked");
        }, ToolSpec.builder("t").build());
        JsonNode result = result(wire.send(Wire.modernText(1, "tools/call", "\"name\":\"t\"",
                Wire.modernMeta("\"progressToken\":\"t\""))));
        assertThat(result.at("/content/0/text").asString()).isEqualTo("checked");
        assertThat(wire.notifications).isEmpty();
    }

    @Test
    void legacyRequestsGetProgressToo() {
        Wire wire = wire();
        wire.initialize();
        JsonNode response = wire.legacy(1, "tools/call", "{\"name\":\"progress\",\"_meta\":{\"progressToken\":3}}");
        result(response);
        assertThat(wire.sent()).hasSize(4);
        assertThat(wire.sent().get(0).at("/params/progressToken").asInt()).isEqualTo(3);
    }

    // ---- logging, 2026-07-28 --------------------------------------------------------------------------

    @ParameterizedTest
    @CsvSource({ "debug,9", "info,8", "notice,7", "warning,6", "error,5", "critical,3", "alert,2", "emergency,1" })
    void modernLogMessagesAreSentAtOrAboveTheRequestsLevel(String level, int expected) {
        Wire wire = wire();
        result(wire.send(Wire.modernText(1, "tools/call", "\"name\":\"logs\"",
                Wire.modernMeta("\"io.modelcontextprotocol/logLevel\":\"" + level + "\""))));
        List<JsonNode> sent = wire.sent();
        assertThat(sent).hasSize(expected);
        LogLevel least = LogLevel.of(level);
        assertThat(levels(sent)).allSatisfy(l -> assertThat(LogLevel.of(l)).isGreaterThanOrEqualTo(least));
    }

    @Test
    void modernLogMessagesCarryLoggerAndAnyJsonData() {
        Wire wire = wire();
        wire.send(Wire.modernText(1, "tools/call", "\"name\":\"logs\"",
                Wire.modernMeta("\"io.modelcontextprotocol/logLevel\":\"error\"")));
        assertThat(wire.notifications.get(0)).isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                + "\"params\":{\"level\":\"error\",\"logger\":\"fixture\",\"data\":\"at error\"}}");
        assertThat(wire.notifications.get(4)).isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\","
                + "\"params\":{\"level\":\"error\",\"data\":{\"code\":7}}}");
    }

    @Test
    void withoutARequestLevelNothingIsLogged() {
        Wire wire = wire();
        result(wire.modern(1, "tools/call", "\"name\":\"logs\""));
        assertThat(wire.notifications).isEmpty();
    }

    @Test
    void anUnknownRequestLevelIsRefusedBeforeHostCodeRuns() {
        Wire wire = wire();
        assertError(wire.send(Wire.modernText(1, "tools/call", "\"name\":\"logs\"",
                Wire.modernMeta("\"io.modelcontextprotocol/logLevel\":\"loud\""))), 1, -32602);
        assertThat(context.get()).isNull();
    }

    // ---- logging, 2025-11-25 --------------------------------------------------------------------------

    @Test
    void legacyMessagesWaitForSetLevelThenFollowTheSessionsLevel() {
        Wire wire = wire();
        wire.initialize();
        result(wire.legacy(1, "tools/call", "{\"name\":\"logs\"}"));
        assertThat(wire.notifications).as("no level set yet: nothing").isEmpty();

        assertThat(wire.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"logging/setLevel\",\"params\":"
                + "{\"level\":\"critical\"}}")).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
        result(wire.legacy(3, "tools/call", "{\"name\":\"logs\"}"));
        assertThat(levels(wire.sent())).containsExactly("critical", "alert", "emergency");

        wire.notifications.clear();
        result(wire.legacy(4, "logging/setLevel", "{\"level\":\"debug\"}"));
        result(wire.legacy(5, "tools/call", "{\"name\":\"logs\"}"));
        assertThat(levels(wire.sent())).containsExactly("debug", "info", "notice", "warning", "error", "critical",
                "alert", "emergency", "error");
    }

    @Test
    void setLevelRefusesAnUnknownLevel() {
        Wire wire = wire();
        wire.initialize();
        assertError(wire.legacy(1, "logging/setLevel", "{\"level\":\"loud\"}"), 1, -32602);
        assertError(wire.legacy(2, "logging/setLevel", "{}"), 2, -32602);
        assertError(wire.legacy(3, "logging/setLevel", null), 3, -32602);
        assertThat(wire.last.refused()).isFalse();
    }

    @Test
    void setLevelIsRemovedIn2026() {
        Wire wire = wire();
        assertError(wire.modern(1, "logging/setLevel", "\"level\":\"debug\""), 1, -32601);
        assertThat(wire.last.refused()).isTrue();
    }

    @Test
    void bothRevisionsAdvertiseLogging() {
        Wire wire = wire();
        assertThat(result(wire.modern(1, "server/discover", null)).at("/capabilities/logging").toString())
                .isEqualTo("{}");
        assertThat(result(wire.initialize()).at("/capabilities/logging").toString()).isEqualTo("{}");
    }
}
