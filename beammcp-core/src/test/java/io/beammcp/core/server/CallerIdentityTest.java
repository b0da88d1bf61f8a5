package io.beammcp.core.server;

import io.beammcp.core.spi.McpLimits;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.security.Principal;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A principal with an empty name is no caller to bind state to: every request that would bind something to it
 * (a tool call, with its rate, input round and task; a 2025-11-25 session; a listen stream) is refused with
 * {@code -32600} before host code runs, where binding it to {@code ""} would make all such callers one.
 * Without a principal at all, state is bound to "no one", as before.
 */
class CallerIdentityTest {

    private static final String REFUSAL =
            "Invalid Request: the caller has no name, and nothing is bound to a caller without one";

    private final AtomicInteger ran = new AtomicInteger();

    private Wire wire() {
        return Wire.of(b -> b.limits(new McpLimits(0, 0, 5, Duration.ofMinutes(1), 10)), (name, args, ctx) -> {
            ran.incrementAndGet();
            return ToolResult.of("done");
        }, ToolSpec.builder("count").build());
    }

    private static Principal named(String name) {
        return () -> name;
    }

    @Test
    void aToolCallOfACallerWithAnEmptyOrBlankOrNullNameIsRefusedBeforeTheTool() {
        Wire wire = wire();
        int id = 1;
        for (String name : new String[] { "", " ", null }) {
            wire.principal = named(name);
            JsonNode refused = wire.modern(id, "tools/call", "\"name\":\"count\"");
            Wire.assertError(refused, id++, -32600);
            assertThat(refused.at("/error/message").asString()).isEqualTo(REFUSAL);
        }
        assertThat(ran).hasValue(0);

        wire.principal = named("alice");
        assertThat(wire.modern(id++, "tools/call", "\"name\":\"count\"").at("/result/isError").asBoolean()).isFalse();
        wire.principal = null;
        assertThat(wire.modern(id, "tools/call", "\"name\":\"count\"").at("/result/isError").asBoolean())
                .as("no principal at all: the transport knows no caller").isFalse();
        assertThat(ran).hasValue(2);
    }

    @Test
    void aCallerWithoutANameOpensNoSession() {
        Wire wire = wire().http();
        wire.principal = named("");
        JsonNode refused = wire.legacy(0, "initialize",
                "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}");
        Wire.assertError(refused, 0, -32600);
        assertThat(wire.last.openedSession()).isNull();

        wire.principal = named("alice");
        wire.initialize();
        assertThat(wire.session.owner()).isEqualTo("alice");
    }

    @Test
    void aCallerWithoutANameOpensNoStream() {
        Wire wire = Wire.of(b -> b.catalogChanges(new io.beammcp.core.catalog.CatalogChanges()), (name, args, ctx) ->
                ToolResult.of("done"), ToolSpec.builder("count").build()).http();
        wire.modernHeaders("subscriptions/listen");
        wire.principal = named("");
        JsonNode refused = wire.modern(1, "subscriptions/listen", "\"notifications\":{\"toolsListChanged\":true}");
        Wire.assertError(refused, 1, -32600);
        assertThat(wire.server.openStreams()).isZero();
    }
}
