package io.beammcp.core.server;

import io.beammcp.core.spi.Reply;
import io.beammcp.core.Annotations;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.Content;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.Icon;
import io.beammcp.core.InputRequest;
import io.beammcp.core.LogLevel;
import io.beammcp.core.PromptArgument;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ResourceTemplateSpec;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static io.beammcp.core.server.RevisionSchemas.assertNotification;
import static io.beammcp.core.server.RevisionSchemas.assertRequest;
import static io.beammcp.core.server.RevisionSchemas.assertResult;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sessions whose {@code initialize} asked for 2024-11-05, 2025-03-26 or 2025-06-18: answered with that
 * revision, and every message of the session (results, content blocks, notifications, the server's own
 * requests) shaped for it, checked against the strict schema derived from its published one.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OlderRevisionsTest {

    private static final byte[] BYTES = {1, 2, 3};
    private static final List<Icon> ICONS = List.of(Icon.of("https://example.com/icon.png"));
    private static final Map<String, Object> NAME_SCHEMA = Map.of("type", "object",
            "properties", Map.of("name", Map.of("type", "string")));

    private final CatalogChanges changes = new CatalogChanges();
    private final ExecutorService hostThreads = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        hostThreads.shutdownNow();
    }

    /**
     * {@code forecast} has everything later revisions added to a tool and answers structured content after a
     * progress notification and a log message; {@code media} answers every content block; {@code sample} and
     * {@code elicit} ask the client for input. A resource, a template and a prompt carry titles, icons and
     * annotations, and the prompt's messages every content block.
     */
    private Wire wire() {
        ToolSpec forecast = ToolSpec.builder("forecast").title("Forecast").description("The forecast")
                .inputSchema("{\"type\":\"object\",\"properties\":{\"place\":{\"type\":\"string\",\"minLength\":1}},"
                        + "\"required\":[\"place\"]}")
                .outputSchema("{\"type\":\"object\",\"properties\":{\"place\":{\"type\":\"string\"}}}")
                .readOnly().icons(ICONS).meta(Map.of("vendor/key", "value")).build();
        Dispatch dispatch = (name, args, ctx) -> switch (name) {
            case "forecast" -> {
                ctx.progress(1, 2, "half way");
                ctx.log(LogLevel.INFO, "fixture", "forecasting");
                yield ToolResult.structured(Map.of("place", args.get("place")));
            }
            case "media" -> ToolResult.content(blocks().toArray(Content[]::new));
            case "sample" -> ToolResult.of(String.valueOf(ctx.ask("s", InputRequest.sampling("Hi", 10))));
            default -> ToolResult.of(String.valueOf(ctx.ask("e", new InputRequest(InputRequest.ELICITATION,
                    Map.of("mode", "form", "message", "Your name?", "requestedSchema", NAME_SCHEMA)))));
        };
        ResourceSpec resource = ResourceSpec.builder("test://r", "r").title("R").mimeType("text/plain").size(1)
                .annotations(new Annotations(List.of("user"), 0.5, "2025-01-01T00:00:00Z")).icons(ICONS).build();
        ResourceTemplateSpec template = ResourceTemplateSpec.builder("test://t/{name}", "t").title("T").icons(ICONS)
                .build();
        PromptSpec prompt = new PromptSpec("p", "P", "A prompt", ICONS,
                List.of(new PromptArgument("a", true, "A", "an argument")));
        Catalog catalog = Catalog.of(List.of(forecast, ToolSpec.builder("media").build(),
                ToolSpec.builder("sample").build(), ToolSpec.builder("elicit").build()),
                List.of(resource, template), List.of(prompt));
        return new Wire(McpServer.builder(catalog, dispatch).serverName("test-server").serverVersion("1.2.3")
                .resourceReader((uri, ctx) -> ReadResult.of(ResourceContents.text(uri, "text/plain", "x")))
                .promptRenderer((name, arguments, ctx) -> PromptResult.of(blocks().stream()
                        .map(PromptMessage::user).toArray(PromptMessage[]::new)))
                .completer((reference, argument, value, context) -> List.of("one", "two"))
                .catalogChanges(changes).build());
    }

    private static List<Content> blocks() {
        return List.of(Content.text("text"), Content.image(BYTES, "image/png"), Content.audio(BYTES, "audio/wav"),
                new Content.ResourceLink("test://r", "r", "R", "the resource", "text/plain", 1L),
                Content.embeddedText("test://r", "text/plain", "x"));
    }

    private static JsonNode initialize(Wire wire, String revision, String capabilities) {
        JsonNode response = wire.legacy(0, "initialize", "{\"protocolVersion\":\"" + revision + "\",\"capabilities\":"
                + capabilities + ",\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}");
        wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return response;
    }

    private static List<String> names(JsonNode object) {
        return object == null ? List.of() : new ArrayList<>(object.propertyNames());
    }

    private static List<String> types(JsonNode blocks) {
        List<String> types = new ArrayList<>();
        blocks.forEach(block -> types.add(block.path("type").asString()));
        return types;
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-11-05", "2025-03-26", "2025-06-18"})
    void everyMessageOfASessionValidatesAgainstTheRevisionItNegotiated(String revision) {
        Wire wire = wire();
        JsonNode initialized = initialize(wire, revision, "{\"sampling\":{\"tools\":{}},\"roots\":{},\"tasks\":{}}");
        assertResult(revision, "InitializeResult", initialized);
        assertThat(result(initialized).path("protocolVersion").asString()).isEqualTo(revision);
        String[][] requests = {
            {"EmptyResult", "logging/setLevel", "{\"level\":\"info\"}"},
            {"EmptyResult", "ping", null},
            {"ListToolsResult", "tools/list", null},
            {"CallToolResult", "tools/call",
                "{\"name\":\"forecast\",\"arguments\":{\"place\":\"Oslo\"},\"_meta\":{\"progressToken\":\"p\"}}"},
            {"CallToolResult", "tools/call", "{\"name\":\"forecast\",\"arguments\":{\"place\":\"\"}}"},
            {"CallToolResult", "tools/call", "{\"name\":\"media\"}"},
            {"ListResourcesResult", "resources/list", null},
            {"ListResourceTemplatesResult", "resources/templates/list", null},
            {"ReadResourceResult", "resources/read", "{\"uri\":\"test://t/x\"}"},
            {"ListPromptsResult", "prompts/list", null},
            {"GetPromptResult", "prompts/get", "{\"name\":\"p\",\"arguments\":{\"a\":\"v\"}}"},
            {"CompleteResult", "completion/complete",
                "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"p\"},\"argument\":{\"name\":\"a\",\"value\":\"o\"}}"},
            {"EmptyResult", "resources/subscribe", "{\"uri\":\"test://r\"}"}};
        int id = 1;
        for (String[] request : requests) {
            assertResult(revision, request[0], wire.legacy(id++, request[1], request[2]));
        }
        // methods of later revisions do not exist in this one
        for (String method : List.of("tasks/get", "tasks/list", "tasks/result", "subscriptions/listen")) {
            JsonNode unknown = wire.legacy(id, method, "{}");
            RevisionSchemas.assertError(revision, unknown);
            Wire.assertError(unknown, id, -32601);
        }
        changes.toolsChanged();
        changes.resourceUpdated("test://r");
        assertThat(wire.sent()).extracting(n -> n.path("method").asString()).containsExactly("notifications/progress",
                "notifications/message", "notifications/tools/list_changed", "notifications/resources/updated");
        wire.sent().forEach(notification -> assertNotification(revision, notification));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "2024-11-05 | name description inputSchema",
            "2025-03-26 | name description inputSchema annotations",
            "2025-06-18 | name title description inputSchema outputSchema annotations _meta",
            "2025-11-25 | name title description inputSchema outputSchema annotations icons _meta"})
    void aToolIsListedWithTheMembersItsRevisionDefines(String revision, String members) {
        Wire wire = wire();
        initialize(wire, revision, "{}");
        JsonNode forecast = null;
        for (JsonNode tool : result(wire.legacy(1, "tools/list", null)).path("tools")) {
            forecast = tool.path("name").asString().equals("forecast") ? tool : forecast;
        }
        assertThat(names(forecast)).containsExactly(members.split(" "));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "2024-11-05 | false | text image text text resource",
            "2025-03-26 | false | text image audio text resource",
            "2025-06-18 | true  | text image audio resource_link resource"})
    void structuredContentAndContentBlocksAreWhatTheRevisionDefines(String revision, boolean structured,
            String blocks) {
        Wire wire = wire();
        initialize(wire, revision, "{}");
        JsonNode forecast = result(wire.legacy(1, "tools/call",
                "{\"name\":\"forecast\",\"arguments\":{\"place\":\"Oslo\"}}"));
        assertThat(forecast.has("structuredContent")).isEqualTo(structured);
        assertThat(forecast.path("content").get(0).path("text").asString()).isEqualTo("{\"place\":\"Oslo\"}");
        JsonNode media = result(wire.legacy(2, "tools/call", "{\"name\":\"media\"}")).path("content");
        assertThat(types(media)).containsExactly(blocks.split(" "));
        JsonNode prompt = result(wire.legacy(3, "prompts/get", "{\"name\":\"p\",\"arguments\":{\"a\":\"v\"}}"));
        List<String> promptBlocks = new ArrayList<>();
        prompt.path("messages").forEach(message -> promptBlocks.add(message.path("content").path("type").asString()));
        assertThat(promptBlocks).containsExactly(blocks.split(" "));
    }

    @Test
    void aBlockTheRevisionLacksBecomesTextSayingWhatItWas() {
        Wire wire = wire();
        initialize(wire, "2024-11-05", "{}");
        JsonNode media = result(wire.legacy(1, "tools/call", "{\"name\":\"media\"}")).path("content");
        assertThat(media.get(2).path("text").asString())
                .isEqualTo("A audio block (audio/wav) was left out: protocol revision 2024-11-05 has no audio content");
        assertThat(media.get(3).path("text").asString()).isEqualTo("Resource link: test://r (r)\nthe resource");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "2024-11-05 | uri name mimeType size annotations | audience priority | name description required | false",
            "2025-03-26 | uri name mimeType size annotations | audience priority | name description required | true",
            "2025-06-18 | uri name title mimeType size annotations | audience priority lastModified "
                    + "| name title description required | true"})
    void resourcesPromptsProgressAndCapabilitiesAreWhatTheRevisionDefines(String revision, String resourceMembers,
            String annotationMembers, String argumentMembers, boolean since20250326) {
        Wire wire = wire();
        JsonNode capabilities = result(initialize(wire, revision, "{}")).path("capabilities");
        assertThat(capabilities.has("completions")).isEqualTo(since20250326);
        JsonNode resource = result(wire.legacy(1, "resources/list", null)).path("resources").get(0);
        assertThat(names(resource)).containsExactly(resourceMembers.split(" "));
        assertThat(names(resource.get("annotations"))).containsExactly(annotationMembers.split(" "));
        JsonNode argument = result(wire.legacy(2, "prompts/list", null)).at("/prompts/0/arguments/0");
        assertThat(names(argument)).containsExactly(argumentMembers.split(" "));
        wire.legacy(3, "tools/call", "{\"name\":\"forecast\",\"arguments\":{\"place\":\"Oslo\"},"
                + "\"_meta\":{\"progressToken\":\"p\"}}");
        assertThat(wire.sent().get(0).path("params").has("message")).isEqualTo(since20250326);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-11-05", "2025-03-26", "2025-06-18"})
    void theServersOwnRequestIsOneTheRevisionDefines(String revision) throws Exception {
        Wire wire = wire();
        initialize(wire, revision, "{\"sampling\":{},\"elicitation\":{}}");
        CompletableFuture<Reply> sampled = wire.sendAsync(call("sample"), hostThreads);
        JsonNode request = awaitRequest(wire);
        assertRequest(revision, request);
        wire.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":{\"role\":\"assistant\","
                + "\"content\":{\"type\":\"text\",\"text\":\"Hello\"},\"model\":\"m\"}}");
        assertResult(revision, "CallToolResult", Wire.body(sampled.get(10, TimeUnit.SECONDS)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-11-05", "2025-03-26"})
    void beforeElicitationExistedNoClientCanDeclareIt(String revision) {
        Wire wire = wire();
        initialize(wire, revision, "{\"elicitation\":{}}");
        JsonNode result = result(wire.legacy(1, "tools/call", "{\"name\":\"elicit\"}"));
        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.path("content").get(0).path("text").asString()).contains("[elicitation.form]");
        assertThat(wire.notifications).as("no request sent").isEmpty();
    }

    @Test
    void a20250618ElicitationIsAFormWithoutAMode() throws Exception {
        Wire wire = wire();
        initialize(wire, "2025-06-18", "{\"elicitation\":{\"url\":{}}}");
        CompletableFuture<Reply> elicited = wire.sendAsync(call("elicit"), hostThreads);
        JsonNode request = awaitRequest(wire);
        assertRequest("2025-06-18", request);
        assertThat(names(request.get("params"))).containsExactlyInAnyOrder("message", "requestedSchema");
        wire.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":{\"action\":\"decline\"}}");
        assertThat(result(Wire.body(elicited.get(10, TimeUnit.SECONDS))).path("content").get(0).path("text")
                .asString()).isEqualTo("{action=decline}");
    }

    private static String call(String tool) {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool + "\"}}";
    }

    private static JsonNode awaitRequest(Wire wire) throws InterruptedException {
        for (int i = 0; i < 500 && wire.notifications.isEmpty(); i++) {
            Thread.sleep(10);
        }
        assertThat(wire.notifications).as("a request was sent").isNotEmpty();
        return wire.sent().get(0);
    }

    @Test
    void aBatchIn20250326IsAnsweredWithAnErrorForEachRequestInIt() {
        Wire wire = wire();
        initialize(wire, "2025-03-26", "{}");
        JsonNode batch = wire.send("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":9}},"
                + "{\"jsonrpc\":\"2.0\",\"id\":\"b\",\"method\":\"tools/list\"}]");
        RevisionSchemas.assertValid("2025-03-26", "JSONRPCBatchResponse", batch);
        assertThat(batch).hasSize(2);
        Wire.assertError(batch.get(0), 1, -32600);
        Wire.assertError(batch.get(1), "b", -32600);
        assertThat(batch.get(1).at("/error/message").asString())
                .isEqualTo("Invalid Request: JSON-RPC batches are not supported");
        assertThat(wire.last.refused()).isTrue();
        // a batch of notifications only has no request to answer: one error, as in every revision
        Wire.assertError(wire.send("[{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}]"), null, -32600);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-11-05", "2025-06-18"})
    void aBatchInARevisionWithoutBatchesIsOneError(String revision) {
        Wire wire = wire();
        initialize(wire, revision, "{}");
        Wire.assertError(wire.send("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]"), null, -32600);
    }

    @Test
    void theDerivedSchemasRefuseWhatTheRevisionDoesNotDefine() {
        Wire wire = wire();
        initialize(wire, "2025-11-25", "{}");
        JsonNode tools = result(wire.legacy(1, "tools/list", null));
        assertThat(RevisionSchemas.errors("2025-06-18", "ListToolsResult", tools)).as("icons").isNotEmpty();
        JsonNode media = result(wire.legacy(2, "tools/call", "{\"name\":\"media\"}"));
        assertThat(RevisionSchemas.errors("2025-03-26", "CallToolResult", media)).as("resource_link").isNotEmpty();
        JsonNode initialized = result(initialize(wire(), "2025-11-25", "{}"));
        assertThat(RevisionSchemas.errors("2024-11-05", "InitializeResult", initialized)).as("completions")
                .isNotEmpty();
    }
}
