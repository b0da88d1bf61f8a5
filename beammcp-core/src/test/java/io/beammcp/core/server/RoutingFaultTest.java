package io.beammcp.core.server;

import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.security.Principal;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A fault of the core itself while routing a request, before any host code (here a transport's principal that
 * fails when asked its name), is that request's {@code -32603} with its id, in both revisions: never an exception
 * out of {@code McpServer.handle}, which would end the stdio loop or make an HTTP 500.
 */
class RoutingFaultTest {

    @Test
    void aFaultWhileRoutingIsThatRequestsInternalErrorAndTheNextRequestIsServed() {
        AtomicInteger ran = new AtomicInteger();
        Wire wire = Wire.of(b -> b, (name, args, ctx) -> {
            ran.incrementAndGet();
            return ToolResult.of("done");
        }, ToolSpec.builder("count").build());
        wire.principal = (Principal) () -> {
            throw new IllegalStateException("the transport lost its caller");
        };
        JsonNode modern = wire.modern(7, "tools/call", "\"name\":\"count\"");
        Wire.assertError(modern, 7, -32603);
        assertThat(modern.at("/error/message").asString()).isEqualTo("Internal error");
        assertThat(ran).hasValue(0);

        wire.principal = null;
        assertThat(wire.modern(8, "tools/call", "\"name\":\"count\"").at("/result/content/0/text").asString())
                .isEqualTo("done");
        assertThat(ran).hasValue(1);
    }
}
