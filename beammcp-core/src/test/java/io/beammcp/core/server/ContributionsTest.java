package io.beammcp.core.server;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.BindingRegistry;
import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.PromptBinding;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.Content;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceTemplateBinding;
import io.beammcp.core.ResourceTemplateSpec;
import io.beammcp.core.ToolBinding;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.annotation.McpTool;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** Many contributors composed into one server: annotated beans, bindings, the low-level catalog, a registry. */
class ContributionsTest {

    static final class Clock {
        @McpTool
        String time() {
            return "noon";
        }
    }

    static final class OtherClock {
        @McpTool(name = "time")
        String other() {
            return "midnight";
        }
    }

    private static ToolBinding echo(String name) {
        return ToolBinding.of(ToolSpec.builder(name).inputSchema("{\"type\":\"object\",\"properties\":{\"text\":"
                + "{\"type\":\"string\"}}}").build(), (arguments, context) -> ToolResult.of(arguments.get("text")));
    }

    private static List<String> toolNames(Wire wire) {
        List<String> names = new ArrayList<>();
        result(wire.modern(1, "tools/list", null)).get("tools").forEach(t -> names.add(t.get("name").asString()));
        return names;
    }

    @Test
    void everyKindOfContributionIsServedSideBySide() {
        Catalog legacy = Catalog.of(List.of(ToolSpec.builder("legacy").build()));
        McpServer server = McpServer.builder()
                .catalog("catalogBean", legacy, (name, arguments, context) -> ToolResult.of("from " + name))
                .annotated("clock", new Clock())
                .add("echoBean", echo("echo"))
                .add("placeBean", ResourceTemplateBinding.of(ResourceTemplateSpec.builder("place://{name}", "place").build(),
                        (uri, variables, context) -> ReadResult.of(ResourceContents.text(uri, null, variables.get("name"))))
                        .withCompletion((reference, argument, partial, context) -> List.of(partial + "slo")))
                .add("greetBean", PromptBinding.of(PromptSpec.of("greet", "Greets"),
                        (arguments, context) -> PromptResult.of(PromptMessage.user(Content.text("hi")))))
                .build();
        Wire wire = new Wire(server);
        assertThat(toolNames(wire)).containsExactly("echo", "legacy", "time");
        assertThat(result(wire.modern(2, "tools/call", "\"name\":\"legacy\"")).at("/content/0/text").asString())
                .isEqualTo("from legacy");
        assertThat(result(wire.modern(3, "tools/call", "\"name\":\"time\"")).at("/content/0/text").asString())
                .isEqualTo("noon");
        assertThat(result(wire.modern(4, "tools/call", "\"name\":\"echo\",\"arguments\":{\"text\":\"x\"}"))
                .at("/content/0/text").asString()).isEqualTo("x");
        assertThat(result(wire.modern(5, "resources/read", "\"uri\":\"place://Oslo\"")).at("/contents/0/text").asString())
                .isEqualTo("Oslo");
        assertThat(result(wire.modern(6, "completion/complete", "\"ref\":{\"type\":\"ref/resource\",\"uri\":"
                + "\"place://{name}\"},\"argument\":{\"name\":\"name\",\"value\":\"O\"}")).at("/completion/values/0")
                .asString()).isEqualTo("Oslo");
        assertThat(result(wire.modern(7, "prompts/get", "\"name\":\"greet\"")).at("/messages/0/content/text").asString())
                .isEqualTo("hi");
    }

    @Test
    void aNameClaimedTwiceFailsTheBuildNamingBothSources() {
        assertThatExceptionOfType(InvalidCatalogException.class)
                .isThrownBy(() -> McpServer.builder().annotated("clockBean", new Clock())
                        .annotated("otherClockBean", new OtherClock()).build())
                .withMessage("Tool name 'time' is declared twice: by 'clockBean' and by 'otherClockBean'");
        assertThatExceptionOfType(InvalidCatalogException.class)
                .isThrownBy(() -> McpServer.builder().add("first", echo("echo")).catalog("catalogBean",
                        Catalog.of(List.of(ToolSpec.builder("echo").build())), (n, a, c) -> ToolResult.of("")).build())
                .withMessage("Tool name 'echo' is declared twice: by 'first' and by 'catalogBean'");
        assertThatExceptionOfType(InvalidCatalogException.class)
                .isThrownBy(() -> McpServer.builder().add("a", ResourceTemplateBinding.of(
                        ResourceTemplateSpec.builder("x://{id}", "x").build(), (u, v, c) -> ReadResult.notFound()))
                        .add("b", ResourceTemplateBinding.of(ResourceTemplateSpec.builder("x://{id}", "y").build(),
                                (u, v, c) -> ReadResult.notFound())).build())
                .withMessage("Resource template 'x://{id}' is declared twice: by 'a' and by 'b'");
    }

    static final class StrayCompletion {
        @io.beammcp.core.annotation.McpComplete(prompt = "nowhere", argument = "x")
        List<String> complete(String partial) {
            return List.of();
        }
    }

    @Test
    void aCompletionOfNothingDeclaredFailsTheBuild() {
        assertThatExceptionOfType(InvalidCatalogException.class)
                .isThrownBy(() -> McpServer.builder().annotated("stray", new StrayCompletion()).build())
                .withMessage("'stray' completes argument 'x' of prompt 'nowhere', which no contribution declares");
    }

    @Test
    void aRegistryAddsAndRemovesToolsAndListeningClientsAreTold() {
        BindingRegistry registry = new BindingRegistry();
        Wire wire = new Wire(McpServer.builder().annotated("clock", new Clock()).registry("registryBean", registry).build());
        assertThat(result(wire.modern(1, "server/discover", null)).at("/capabilities/tools/listChanged").asBoolean())
                .isTrue();
        wire.send(Wire.modernText(2, "subscriptions/listen", "\"notifications\":{\"toolsListChanged\":true}",
                Wire.MODERN_META));
        registry.add(echo("echo"));
        assertThat(toolNames(wire)).containsExactly("echo", "time");
        assertThat(wire.sent()).extracting(n -> n.get("method").asString())
                .containsExactly("notifications/subscriptions/acknowledged", "notifications/tools/list_changed");
        assertThat(result(wire.modern(3, "tools/call", "\"name\":\"echo\",\"arguments\":{\"text\":\"y\"}"))
                .at("/content/0/text").asString()).isEqualTo("y");
        assertThatExceptionOfType(InvalidCatalogException.class)
                .isThrownBy(() -> registry.add(echo("time")))
                .withMessage("Tool name 'time' is declared twice: by 'clock' and by 'registryBean'");
        assertThat(registry.tools()).hasSize(1);
        assertThat(registry.removeTool("echo")).isTrue();
        assertThat(toolNames(wire)).containsExactly("time");
        assertThat(wire.sent()).hasSize(3);
        JsonNode gone = wire.modern(4, "tools/call", "\"name\":\"echo\"");
        Wire.assertError(gone, 4, -32602);
    }

    @Test
    void theLowLevelCatalogsChangesStillReachClientsWhenComposed() {
        List<ToolSpec> tools = new ArrayList<>(List.of(ToolSpec.builder("a").build()));
        CatalogChanges changes = new CatalogChanges();
        Catalog catalog = () -> List.copyOf(tools);
        Wire wire = new Wire(McpServer.builder().catalog("catalogBean", catalog, (n, a, c) -> ToolResult.of(n))
                .catalogChanges(changes).annotated("clock", new Clock()).build());
        wire.send(Wire.modernText(2, "subscriptions/listen", "\"notifications\":{\"toolsListChanged\":true}",
                Wire.MODERN_META));
        tools.add(ToolSpec.builder("b").build());
        changes.toolsChanged();
        assertThat(toolNames(wire)).containsExactly("a", "b", "time");
        assertThat(wire.sent()).hasSize(2);
        assertThat(result(wire.modern(3, "tools/call", "\"name\":\"b\"")).at("/content/0/text").asString()).isEqualTo("b");
    }
}
