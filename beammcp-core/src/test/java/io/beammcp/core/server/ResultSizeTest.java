package io.beammcp.core.server;

import io.beammcp.core.spi.McpLimits;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.Content;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code maxResultBytes}: a response of host code exactly at the cap is sent as it is; one byte more is never
 * sent, cut or whole: a tool's becomes a tool error saying so, a resource's or a prompt's {@code -32603}. The cap
 * is 4 MiB unless set.
 */
class ResultSizeTest {

    /** How many characters the tool, the resource and the prompt answer with. */
    private final AtomicInteger length = new AtomicInteger();

    private Wire wire(int maxResultBytes) {
        return new Wire(builder().limits(new McpLimits(0, maxResultBytes)).build());
    }

    /** A server of the tool, the resource and the prompt, with the limits a builder has when none are given. */
    private McpServerBuilder builder() {
        Catalog catalog = Catalog.of(List.of(ToolSpec.builder("text").build()),
                List.of(ResourceSpec.builder("file:///text", "text").build()), List.of(PromptSpec.of("text", "Text")));
        return McpServer.builder(catalog, (name, args, ctx) -> ToolResult.of(text()))
                .resourceReader((uri, ctx) -> ReadResult.of(ResourceContents.text(uri, "text/plain", text())))
                .promptRenderer((name, args, ctx) -> PromptResult.of(PromptMessage.user(Content.text(text()))));
    }

    private String text() {
        return "x".repeat(length.get());
    }

    private static String call() {
        return Wire.modernText(1, "tools/call", "\"name\":\"text\"", Wire.MODERN_META);
    }

    private static String read() {
        return Wire.modernText(2, "resources/read", "\"uri\":\"file:///text\"", Wire.MODERN_META);
    }

    private static String prompt() {
        return Wire.modernText(3, "prompts/get", "\"name\":\"text\"", Wire.MODERN_META);
    }

    /** The size of the response to {@code request} when the answer has 100 characters, without a cap. */
    private int sizeAt100(String request) {
        length.set(100);
        return wire(0).sendRaw(request).getBytes(StandardCharsets.UTF_8).length;
    }

    @Test
    void aToolResultAtTheCapIsSentAndOneBytePastItIsAToolError() {
        int cap = sizeAt100(call());
        Wire wire = wire(cap);
        length.set(100);
        String atCap = wire.sendRaw(call());
        assertThat(atCap.getBytes(StandardCharsets.UTF_8)).hasSize(cap);
        assertThat(Wire.JSON.readTree(atCap).at("/result/content/0/text").asString()).hasSize(100);

        length.set(101);
        JsonNode past = wire.send(call());
        assertThat(past.at("/result/isError").asBoolean()).isTrue();
        assertThat(past.at("/result/content/0/text").asString()).isEqualTo("The result was too large to send: "
                + "over the server's limit of " + cap + " bytes");
        assertThat(past.at("/result/content").size()).isEqualTo(1);
        assertThat(past.at("/result").has("structuredContent")).isFalse();
    }

    @Test
    void byDefaultAToolResultOf4MiBIsSentAndOneBytePastItIsAToolError() {
        int cap = 4 * 1024 * 1024;
        assertThat(McpLimits.DEFAULTS.maxResultBytes()).isEqualTo(cap);
        Wire wire = new Wire(builder().build());
        int overhead = sizeAt100(call()) - 100;
        length.set(cap - overhead);
        assertThat(wire.sendRaw(call()).getBytes(StandardCharsets.UTF_8)).hasSize(cap);
        length.set(cap - overhead + 1);
        JsonNode past = wire.send(call());
        assertThat(past.at("/result/isError").asBoolean()).isTrue();
        assertThat(past.at("/result/content/0/text").asString()).isEqualTo("The result was too large to send: "
                + "over the server's limit of 4194304 bytes");
        // a concurrency bound alone keeps the default cap
        assertThat(new McpLimits(3).maxResultBytes()).isEqualTo(cap);
    }

    @Test
    void aResourceOrPromptPastTheCapIsAnInternalErrorAndAtItIsSent() {
        for (String request : List.of(read(), prompt())) {
            int cap = sizeAt100(request);
            Wire wire = wire(cap);
            length.set(100);
            assertThat(wire.send(request).has("result")).as(request).isTrue();
            length.set(101);
            JsonNode past = wire.send(request);
            assertThat(past.has("result")).isFalse();
            Wire.assertError(past, past.path("id").asInt(), -32603);
            assertThat(past.at("/error/message").asString()).isEqualTo("The result was too large to send: "
                    + "over the server's limit of " + cap + " bytes");
        }
    }

    @Test
    void withoutACapAnyResultIsSent() {
        length.set(2_000_000);
        assertThat(wire(0).send(call()).at("/result/content/0/text").asString()).hasSize(2_000_000);
    }
}
