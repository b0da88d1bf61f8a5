package io.beammcp.core.server;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.Completer;
import io.beammcp.core.Content;
import io.beammcp.core.PromptArgument;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.catalog.PromptRenderer;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceTemplateSpec;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolResult;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;

import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PromptsTest {

    private final List<Map<String, String>> renders = new CopyOnWriteArrayList<>();
    private final List<String> completions = new CopyOnWriteArrayList<>();

    private final PromptRenderer renderer = (name, arguments, context) -> {
        renders.add(arguments);
        if (name.equals("broken")) {
            throw new IllegalStateException("secret detail");
        }
        return new PromptResult("Greets " + arguments.get("who"), List.of(
                PromptMessage.user(Content.text("Say hello to " + arguments.get("who"))),
                PromptMessage.assistant(Content.embeddedText("test://r", "text/plain", "embedded")),
                PromptMessage.user(Content.image(new byte[] {1}, "image/png"))));
    };

    private final Completer completer = (reference, argument, partial, context) -> {
        completions.add(reference + " " + argument + " " + partial + " " + context);
        return IntStream.range(0, 150).mapToObj(i -> partial + i).toList();
    };

    private Wire wire(int pageSize, boolean withCompleter, PromptSpec... prompts) {
        return new Wire(McpServer.builder(Catalog.of(List.of(),
                List.of(ResourceTemplateSpec.builder("weather://place/{name}", "place").build()), List.of(prompts)),
                (n, a, c) -> ToolResult.of("ok")).promptRenderer(renderer)
                .resourceReader((uri, c) -> ReadResult.of(ResourceContents.text(uri, null, "x")))
                .completer(withCompleter ? completer : null).cache(CachedResult.PROMPTS, Duration.ofSeconds(1), "public")
                .pageSize(pageSize).build());
    }

    private Wire standard() {
        return wire(50, true, PromptSpec.of("greet", "Greets someone.", PromptArgument.required("who", "Whom"),
                PromptArgument.optional("tone", "How")), PromptSpec.of("broken", "Fails."), PromptSpec.of("plain", "Plain."));
    }

    @Test
    void promptsAreListedSortedPagedWithTheirArgumentsAndCachingHints() {
        Wire wire = wire(2, false, PromptSpec.of("c", "C"), PromptSpec.of("a", "A", PromptArgument.required("x", "X")),
                PromptSpec.of("b", "B"));
        JsonNode response = wire.modern(1, "prompts/list", null);
        JsonNode first = result(response);
        List<String> names = new ArrayList<>();
        first.path("prompts").forEach(p -> names.add(p.path("name").asString()));
        assertThat(names).containsExactly("a", "b");
        assertThat(first.path("prompts").get(0).toString()).isEqualTo("{\"name\":\"a\",\"description\":\"A\","
                + "\"arguments\":[{\"name\":\"x\",\"description\":\"X\",\"required\":true}]}");
        assertThat(first.path("ttlMs").asLong()).isEqualTo(1000);
        JsonNode second = result(wire.modern(2, "prompts/list", "\"cursor\":\"" + first.path("nextCursor").asString() + "\""));
        assertThat(second.path("prompts").get(0).path("name").asString()).isEqualTo("c");
    }

    @Test
    void aPromptIsRenderedWithItsDeclaredArgumentsAndNoCachingHints() {
        JsonNode response = standard().modern(1, "prompts/get", "\"name\":\"greet\",\"arguments\":{\"who\":\"Ada\"}");
        JsonNode result = result(response);
        assertThat(result.path("description").asString()).isEqualTo("Greets Ada");
        assertThat(result.path("messages").get(0).toString())
                .isEqualTo("{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"Say hello to Ada\"}}");
        assertThat(result.path("messages").get(1).path("role").asString()).isEqualTo("assistant");
        assertThat(result.path("messages").get(1).path("content").path("type").asString()).isEqualTo("resource");
        assertThat(result.has("ttlMs")).isFalse();
        assertThat(result.path("resultType").asString()).isEqualTo("complete");
        assertThat(renders).containsExactly(Map.of("who", "Ada"));
    }

    @Test
    void anUnknownPromptIsInvalidParamsWithItsNameBeforeTheRendererRuns() {
        Wire wire = standard();
        JsonNode response = wire.modern(1, "prompts/get", "\"name\":\"nope\"");
        assertError(response, 1, -32602);
        assertThat(response.path("error").path("data").path("name").asString()).isEqualTo("nope");
        assertError(wire.modern(2, "prompts/get", "\"name\":3"), 2, -32602);
        assertThat(renders).isEmpty();
    }

    @Test
    void argumentsAreValidatedByTheSharedValidatorNamingTheArgument() {
        Wire wire = standard();
        JsonNode missing = wire.modern(1, "prompts/get", "\"name\":\"greet\"");
        assertError(missing, 1, -32602);
        assertThat(missing.path("error").path("message").asString())
                .isEqualTo("Invalid arguments for prompt 'greet': $: required property 'who' not found (required)");
        JsonNode undeclared = wire.modern(2, "prompts/get", "\"name\":\"greet\",\"arguments\":{\"who\":\"a\",\"extra\":\"b\"}");
        assertError(undeclared, 2, -32602);
        assertThat(undeclared.path("error").path("message").asString()).contains("extra").contains("additionalProperties");
        JsonNode wrongType = wire.modern(3, "prompts/get", "\"name\":\"greet\",\"arguments\":{\"who\":5}");
        assertError(wrongType, 3, -32602);
        assertThat(wrongType.path("error").path("message").asString()).contains("$.who");
        assertError(wire.modern(4, "prompts/get", "\"name\":\"greet\",\"arguments\":[]"), 4, -32602);
        assertThat(renders).isEmpty();
    }

    @Test
    void aRendererThatThrowsIsAnOpaqueInternalError() {
        Wire wire = standard();
        String raw = wire.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/get\",\"params\":{\"name\":\"broken\","
                + Wire.MODERN_META + "}}");
        assertError(Wire.JSON.readTree(raw), 1, -32603);
        assertThat(raw).doesNotContain("secret");
    }

    @Test
    void legacyPromptResultsAreUndecorated() {
        Wire wire = standard();
        wire.initialize();
        JsonNode result = result(wire.legacy(1, "prompts/get", "{\"name\":\"greet\",\"arguments\":{\"who\":\"Bo\"}}"));
        assertThat(result.has("resultType")).isFalse();
    }

    @Test
    void completionCapsValuesAtOneHundredAndTellsTheTotal() {
        Wire wire = standard();
        JsonNode response = wire.modern(1, "completion/complete",
                "\"ref\":{\"type\":\"ref/prompt\",\"name\":\"greet\"},\"argument\":{\"name\":\"who\",\"value\":\"A\"},"
                        + "\"context\":{\"arguments\":{\"tone\":\"warm\"}}");
        JsonNode completion = result(response).path("completion");
        assertThat(completion.path("values").size()).isEqualTo(100);
        assertThat(completion.path("values").get(0).asString()).isEqualTo("A0");
        assertThat(completion.path("total").asInt()).isEqualTo(150);
        assertThat(completion.path("hasMore").asBoolean()).isTrue();
        assertThat(completions).containsExactly("Reference[prompt=greet, uriTemplate=null] who A {tone=warm}");
    }

    @Test
    void completionOfATemplateVariableNamesTheTemplate() {
        Wire wire = standard();
        result(wire.modern(1, "completion/complete", "\"ref\":{\"type\":\"ref/resource\",\"uri\":\"weather://place/{name}\"},"
                + "\"argument\":{\"name\":\"name\",\"value\":\"Os\"}"));
        assertThat(completions).containsExactly("Reference[prompt=null, uriTemplate=weather://place/{name}] name Os {}");
    }

    @Test
    void completionValidatesTheReferenceBeforeCallingTheHost() {
        Wire wire = standard();
        String arg = ",\"argument\":{\"name\":\"who\",\"value\":\"A\"}";
        assertError(wire.modern(1, "completion/complete", "\"ref\":{\"type\":\"ref/prompt\",\"name\":\"nope\"}" + arg), 1, -32602);
        assertError(wire.modern(2, "completion/complete", "\"ref\":{\"type\":\"ref/prompt\",\"name\":\"greet\"},"
                + "\"argument\":{\"name\":\"other\",\"value\":\"A\"}"), 2, -32602);
        assertError(wire.modern(3, "completion/complete", "\"ref\":{\"type\":\"ref/resource\",\"uri\":\"weather://place/x\"}"
                + arg), 3, -32602);
        assertError(wire.modern(4, "completion/complete", "\"ref\":{\"type\":\"ref/other\"}" + arg), 4, -32602);
        assertError(wire.modern(5, "completion/complete", "\"ref\":{\"type\":\"ref/prompt\",\"name\":\"greet\"}"), 5, -32602);
        assertError(wire.modern(6, "completion/complete", "\"ref\":{\"type\":\"ref/prompt\",\"name\":\"greet\"}" + arg
                + ",\"context\":{\"arguments\":{\"tone\":1}}"), 6, -32602);
        assertThat(completions).isEmpty();
    }

    @Test
    void completionsAreAdvertisedAndServedOnlyWithACompleter() {
        assertThat(result(standard().modern(1, "server/discover", null)).path("capabilities").has("completions")).isTrue();
        Wire without = wire(50, false, PromptSpec.of("p", "P", PromptArgument.required("a", "A")));
        JsonNode capabilities = result(without.modern(1, "server/discover", null)).path("capabilities");
        assertThat(capabilities.has("completions")).isFalse();
        assertThat(capabilities.path("prompts").toString()).isEqualTo("{\"listChanged\":false}");
        assertError(without.modern(2, "completion/complete", "\"ref\":{\"type\":\"ref/prompt\",\"name\":\"p\"},"
                + "\"argument\":{\"name\":\"a\",\"value\":\"\"}"), 2, -32601);
        JsonNode legacyCapabilities = result(without.initialize()).path("capabilities");
        assertThat(legacyCapabilities.has("completions")).isFalse();
        assertThat(legacyCapabilities.has("prompts")).isTrue();
        assertThat(legacyCapabilities.has("resources")).isTrue();
    }

    @Test
    void promptsAreNotServedWithoutARenderer() {
        Wire bare = Wire.of();
        assertError(bare.modern(1, "prompts/list", null), 1, -32601);
        assertError(bare.modern(2, "prompts/get", "\"name\":\"x\""), 2, -32601);
    }

    @Test
    void startupRefusesMalformedPromptCatalogs() {
        assertThatIllegalArgumentException().isThrownBy(() -> McpServer.builder(
                Catalog.of(List.of(), List.of(), List.of(PromptSpec.of("p", "P"))), (n, a, c) -> null).build())
                .withMessage("The catalog lists prompts but no PromptRenderer was given");
        assertThatIllegalArgumentException().isThrownBy(() -> wire(5, false, PromptSpec.of("p", "P"), PromptSpec.of("p", "Q")))
                .withMessage("Prompt name 'p' is declared twice");
        assertThatIllegalArgumentException().isThrownBy(() -> wire(5, false, PromptSpec.of("p", "P",
                PromptArgument.required("a", "A"), PromptArgument.optional("a", "B"))))
                .withMessage("Prompt 'p' declares argument 'a' twice");
        assertThatIllegalArgumentException().isThrownBy(() -> wire(5, false, PromptSpec.of(" ", "P")))
                .withMessage("A prompt has no name");
        assertThatIllegalArgumentException().isThrownBy(() -> wire(5, false, PromptSpec.of("p", "P",
                PromptArgument.required("", "A")))).withMessage("Prompt 'p' has an argument without a name");
    }
}
