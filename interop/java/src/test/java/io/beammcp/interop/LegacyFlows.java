package io.beammcp.interop;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.BlobResourceContents;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.CompleteRequest;
import io.modelcontextprotocol.spec.McpSchema.GetPromptRequest;
import io.modelcontextprotocol.spec.McpSchema.GetPromptResult;
import io.modelcontextprotocol.spec.McpSchema.InitializeResult;
import io.modelcontextprotocol.spec.McpSchema.ListToolsResult;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceRequest;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.TextResourceContents;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The interop flows of the official Java SDK client (initialize, then a session), the same ones
 * interop/run.sh runs with the TypeScript SDKs: each test is one flow, asserting real answers. A subclass
 * supplies the transport and the revision the SDK negotiates on it (2025-11-25; 2024-11-05 for the stdio
 * client of the 1.x and 0.18.x SDKs, which the interop-java-sdk-* modules run on these same sources), and
 * the answers are those of that revision.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
abstract class LegacyFlows {

    static final String LEGACY = "2025-11-25";
    static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    static final List<String> TOOL_NAMES = List.of("forecast", "get_weather", "plan_trip");

    private McpSyncClient client;
    private InitializeResult initialized;

    /** A transport to the sample; with {@code paged}, to one that serves lists one item per page. */
    abstract McpClientTransport transport(boolean paged) throws Exception;

    /** The revision the client negotiates on this transport. */
    String revision() {
        return LEGACY;
    }

    /** Whether the negotiated revision is {@code revision} or a later one. */
    boolean since(String revision) {
        return revision().compareTo(revision) >= 0;
    }

    /** A tool's input schema as plain values (SDK 2.x models it as a map, 1.x and 0.18.x as a record). */
    static Map<String, Object> inputSchema(Tool tool) {
        return McpJsonDefaults.getMapper().convertValue(tool.inputSchema(), new TypeRef<Map<String, Object>>() { });
    }

    static McpSyncClient client(McpClientTransport transport) {
        return McpClient.sync(transport)
                .clientInfo(new McpSchema.Implementation("beammcp-interop", "1.0.0"))
                .requestTimeout(Duration.ofSeconds(60))
                .initializationTimeout(Duration.ofSeconds(90))
                // output-schema validation on: structuredContent is checked against each tool's outputSchema
                .enableCallToolSchemaCaching(true)
                .build();
    }

    @BeforeAll
    void connect() throws Exception {
        client = client(transport(false));
        initialized = client.initialize();
    }

    @AfterAll
    void disconnect() {
        if (client != null) {
            client.closeGracefully();
        }
    }

    static String texts(List<McpSchema.Content> content) {
        return content.stream().filter(TextContent.class::isInstance).map(c -> ((TextContent) c).text())
                .collect(Collectors.joining("\n"));
    }

    @Test
    @DisplayName("connect")
    void initializeNegotiatesTheRevisionAsked() {
        assertThat(initialized.protocolVersion()).isEqualTo(revision());
        assertThat(initialized.serverInfo().name()).isEqualTo("weather");
        assertThat(initialized.capabilities().tools()).isNotNull();
        // the completions capability came with 2025-03-26
        assertThat(initialized.capabilities().completions() != null).isEqualTo(since("2025-03-26"));
    }

    @Test
    @DisplayName("tools-list")
    void listsTheTools() {
        ListToolsResult result = client.listTools();
        assertThat(result.nextCursor()).isNull();
        assertThat(result.tools()).extracting(Tool::name).containsExactlyInAnyOrderElementsOf(TOOL_NAMES);
        Tool weather = result.tools().stream().filter(t -> t.name().equals("get_weather")).findFirst().orElseThrow();
        assertThat(inputSchema(weather)).containsEntry("type", "object").containsEntry("required", List.of("place"));
        Tool trip = result.tools().stream().filter(t -> t.name().equals("plan_trip")).findFirst().orElseThrow();
        @SuppressWarnings("unchecked")
        Map<String, Object> transport = ((Map<String, Map<String, Object>>) inputSchema(trip).get("properties"))
                .get("transport");
        assertThat(transport).containsEntry("enum", List.of("train", "car", "plane"));
        Tool forecast = result.tools().stream().filter(t -> t.name().equals("forecast")).findFirst().orElseThrow();
        // outputSchema and title came with 2025-06-18, tool annotations with 2025-03-26
        assertThat(forecast.outputSchema() != null).isEqualTo(since("2025-06-18"));
        assertThat(forecast.title() != null).isEqualTo(since("2025-06-18"));
        assertThat(forecast.annotations() != null).isEqualTo(since("2025-03-26"));
    }

    @Test
    @DisplayName("call-get-weather")
    void callsGetWeather() {
        CallToolResult result = client.callTool(new CallToolRequest("get_weather", Map.of("place", "Lisbon")));
        assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
        assertThat(texts(result.content())).matches("Lisbon: .+ °C, wind \\d+ km/h");
    }

    @Test
    @DisplayName("call-forecast-structured")
    void callsForecastWithStructuredContent() {
        CallToolResult result = client.callTool(new CallToolRequest("forecast", Map.of("place", "Oslo", "days", 2)));
        assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
        if (!since("2025-06-18")) {
            // no structured content before 2025-06-18: the result is its JSON text
            assertThat(result.structuredContent()).isNull();
            assertThat(texts(result.content())).startsWith("{\"place\":\"Oslo\",\"days\":[{\"day\":1,")
                    .contains("{\"day\":2,").doesNotContain("{\"day\":3,");
            return;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> structured = (Map<String, Object>) result.structuredContent();
        assertThat(structured).containsEntry("place", "Oslo");
        assertThat((List<?>) structured.get("days")).hasSize(2);
    }

    @Test
    @DisplayName("validation-error")
    void invalidArgumentsAreAToolErrorNamingThePath() {
        CallToolResult result = client.callTool(new CallToolRequest("plan_trip",
                Map.of("destination", Map.of("city", ""), "transport", "boat")));
        assertThat(result.isError()).isTrue();
        assertThat(texts(result.content())).contains("$.destination.city", "$.transport");
    }

    @Test
    @DisplayName("validation-error-output-schema")
    void invalidArgumentsOfAToolWithAnOutputSchemaAreAToolErrorTheClientReads() {
        client.listTools();
        CallToolResult result = client.callTool(new CallToolRequest("forecast", Map.of("place", "Oslo", "days", 0)));
        assertThat(result.isError()).isTrue();
        assertThat(result.structuredContent()).isNull();
        assertThat(texts(result.content())).startsWith("Invalid arguments for tool 'forecast':\n- $.days: ")
                .endsWith("(minimum)");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> violations = (List<Map<String, Object>>) result.meta().get("io.beammcp/violations");
        assertThat(violations).extracting(v -> v.get("path"), v -> v.get("keyword"))
                .containsExactly(org.assertj.core.groups.Tuple.tuple("$.days", "minimum"));
    }

    @Test
    @DisplayName("resources-list")
    void listsResourcesAndTemplates() {
        assertThat(client.listResources().resources()).extracting(McpSchema.Resource::uri, McpSchema.Resource::mimeType)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("weather://stations", "text/plain"),
                        org.assertj.core.groups.Tuple.tuple("weather://maps/europe.png", "image/png"),
                        // the files of the sample's skill (the Skills extension)
                        org.assertj.core.groups.Tuple.tuple("skill://trip-planning/SKILL.md", "text/markdown"),
                        org.assertj.core.groups.Tuple.tuple("skill://trip-planning/examples/lisbon-by-train.md",
                                "text/markdown"));
        assertThat(client.listResourceTemplates().resourceTemplates()).extracting(McpSchema.ResourceTemplate::uriTemplate)
                .containsExactly("weather://place/{name}");
    }

    @Test
    @DisplayName("read-text")
    void readsTheTextResource() {
        ReadResourceResult result = client.readResource(new ReadResourceRequest("weather://stations"));
        assertThat(result.contents()).hasSize(1);
        TextResourceContents text = (TextResourceContents) result.contents().get(0);
        assertThat(text.mimeType()).isEqualTo("text/plain");
        assertThat(text.text().split("\n")).hasSize(12).contains("Oslo", "Lisbon");
    }

    @Test
    @DisplayName("read-binary")
    void readsTheBinaryResourceAsPng() {
        ReadResourceResult result = client.readResource(new ReadResourceRequest("weather://maps/europe.png"));
        assertThat(result.contents()).hasSize(1);
        BlobResourceContents blob = (BlobResourceContents) result.contents().get(0);
        assertThat(blob.mimeType()).isEqualTo("image/png");
        byte[] bytes = Base64.getDecoder().decode(blob.blob());
        assertThat(Arrays.copyOf(bytes, 8)).isEqualTo(PNG_SIGNATURE);
        assertThat(new String(bytes, 12, 4, java.nio.charset.StandardCharsets.ISO_8859_1)).isEqualTo("IHDR");
    }

    @Test
    @DisplayName("read-template")
    void readsThroughTheTemplate() {
        ReadResourceResult result = client.readResource(new ReadResourceRequest("weather://place/Bergen"));
        TextResourceContents text = (TextResourceContents) result.contents().get(0);
        assertThat(text.mimeType()).isEqualTo("application/json");
        assertThat(text.text()).startsWith("{\"place\":\"Bergen\",\"now\":\"Bergen: ");
    }

    @Test
    @DisplayName("prompts-list")
    void listsThePrompt() {
        List<McpSchema.Prompt> prompts = client.listPrompts().prompts();
        assertThat(prompts).extracting(McpSchema.Prompt::name).containsExactly("packing_list");
        assertThat(prompts.get(0).arguments()).extracting(McpSchema.PromptArgument::name, McpSchema.PromptArgument::required)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("destination", true));
    }

    @Test
    @DisplayName("prompt-get")
    void getsThePromptWithTheArgument() {
        GetPromptResult result = client.getPrompt(new GetPromptRequest("packing_list", Map.of("destination", "Vienna")));
        assertThat(result.messages()).isNotEmpty();
        assertThat(result.messages().get(0).role()).isEqualTo(McpSchema.Role.USER);
        String text = texts(result.messages().stream().map(McpSchema.PromptMessage::content).toList());
        assertThat(text).contains("I am travelling to Vienna.", "Vienna: ");
    }

    @Test
    @DisplayName("complete")
    void completesTheDestination() {
        List<String> values = client.completeCompletion(new CompleteRequest(new McpSchema.PromptReference("packing_list"),
                new CompleteRequest.CompleteArgument("destination", "Be"))).completion().values();
        assertThat(values).containsExactlyInAnyOrder("Bergen", "Berlin").allMatch(v -> v.startsWith("Be"));
    }

    @Test
    @DisplayName("paginate")
    void walksEveryPageOnceWithPageSizeOne() throws Exception {
        McpSyncClient paged = client(transport(true));
        try {
            assertThat(paged.initialize().protocolVersion()).isEqualTo(revision());
            List<String> names = new ArrayList<>();
            String cursor = null;
            int pages = 0;
            do {
                ListToolsResult page = paged.listTools(cursor);
                pages++;
                assertThat(page.tools()).as("page %d", pages).hasSize(1);
                names.add(page.tools().get(0).name());
                cursor = page.nextCursor();
                assertThat(pages).as("more pages than tools: %s", names).isLessThanOrEqualTo(TOOL_NAMES.size());
            } while (cursor != null);
            assertThat(names).containsExactlyInAnyOrderElementsOf(TOOL_NAMES);
            List<String> uris = new ArrayList<>();
            cursor = null;
            do {
                McpSchema.ListResourcesResult page = paged.listResources(cursor);
                assertThat(page.resources()).hasSize(1);
                uris.add(page.resources().get(0).uri());
                cursor = page.nextCursor();
            } while (cursor != null && uris.size() < 10);
            assertThat(uris).containsExactlyInAnyOrder("weather://stations", "weather://maps/europe.png",
                    "skill://trip-planning/SKILL.md", "skill://trip-planning/examples/lisbon-by-train.md");
        } finally {
            paged.closeGracefully();
        }
    }
}
