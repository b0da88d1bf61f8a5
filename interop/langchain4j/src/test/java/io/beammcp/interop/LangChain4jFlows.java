package io.beammcp.interop;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.mcp.McpToolProvider;
import dev.langchain4j.mcp.client.DefaultMcpClient;
import dev.langchain4j.mcp.client.McpClient;
import dev.langchain4j.mcp.client.McpToolMetadataKeys;
import dev.langchain4j.mcp.client.transport.McpTransport;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * LangChain4j's MCP client against the packaged sample: the tool specifications it builds from {@code tools/list},
 * and the text its AI services hand the model after a tool call, read from a scripted chat model that asks for
 * exactly one call. The client asks for 2025-11-25 over both transports.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class LangChain4jFlows {

    static final String FORECAST_REFUSAL =
            "Invalid arguments for tool 'forecast':\n- $.days: must have a minimum value of 1 (minimum)";

    private McpClient client;
    private volatile String revision;

    /** The transport to the sample; {@link #recordRevision} wraps its answer to {@code initialize}. */
    abstract McpTransport transport();

    @BeforeAll
    void connect() throws Exception {
        client = DefaultMcpClient.builder()
                .key("weather")
                .transport(transport())
                .initializationTimeout(Duration.ofSeconds(120))
                .toolExecutionTimeout(Duration.ofSeconds(60))
                .build();
    }

    @AfterAll
    void disconnect() throws Exception {
        if (client != null) client.close();
    }

    /** Keeps the revision the server answered {@code initialize} with. */
    CompletableFuture<JsonNode> recordRevision(CompletableFuture<JsonNode> answer) {
        return answer.thenApply(response -> {
            revision = response.path("result").path("protocolVersion").asText(null);
            return response;
        });
    }

    @Test
    void connectNegotiatesTheRevisionAsked() {
        assertThat(revision).isEqualTo("2025-11-25");
        assertThat(client.instructions()).contains("forecast");
    }

    @Test
    void toolSpecificationsKeepTheRangeAndDefaultInTheDescription() {
        Map<String, ToolSpecification> tools = client.listTools().stream()
                .collect(Collectors.toMap(ToolSpecification::name, Function.identity()));
        assertThat(tools).containsOnlyKeys("forecast", "get_weather", "plan_trip");
        ToolSpecification forecast = tools.get("forecast");
        // the schema as LangChain4j hands it to a model: each parameter's type and description, the required list
        // and additionalProperties; minimum, maximum, default, minLength and pattern have no place in it, so the
        // range and default reach the model only through the description the server writes
        assertThat(forecast.parameters()).isEqualTo(JsonObjectSchema.builder()
                .addProperty("place", JsonStringSchema.builder().description("Not blank.").build())
                .addProperty("days", JsonIntegerSchema.builder()
                        .description("How many days. From 1 to 7; default 3.").build())
                .required("place")
                .additionalProperties(false)
                .build());
        assertThat(forecast.description()).startsWith("Daily high and low temperatures");
        assertThat(forecast.metadata()).containsKey(McpToolMetadataKeys.OUTPUT_SCHEMA)
                .containsEntry(McpToolMetadataKeys.TITLE, "Daily forecast")
                .containsEntry(McpToolMetadataKeys.READ_ONLY_HINT, true);
        assertThat(tools.get("get_weather").parameters().properties().get("place"))
                .isEqualTo(JsonStringSchema.builder().description("A city or region, for example \"Lisbon\". Not blank.")
                        .build());
    }

    @Test
    void theModelIsHandedTheToolsText() {
        ToolExecutionResultMessage handed = modelCalls("get_weather", "{\"place\":\"Lisbon\"}");
        assertThat(handed.text()).matches("Lisbon: .+ °C, wind \\d+ km/h");
        assertThat(handed.isError()).isNotEqualTo(Boolean.TRUE);
    }

    @Test
    void theModelIsHandedTheReadableRefusal() {
        // forecast declares an outputSchema; LangChain4j shows the model an error's structuredContent when there
        // is one, and its text otherwise
        ToolExecutionResultMessage handed = modelCalls("forecast", "{\"place\":\"Oslo\",\"days\":0}");
        assertThat(handed.text()).isEqualTo(FORECAST_REFUSAL);
        assertThat(handed.isError()).isTrue();
    }

    /** Runs an AI service whose model asks for one call of {@code tool}; returns what the model was handed back. */
    private ToolExecutionResultMessage modelCalls(String tool, String arguments) {
        List<ToolExecutionResultMessage> handed = new ArrayList<>();
        ChatModel model = new ChatModel() {
            @Override
            public ChatResponse doChat(ChatRequest request) {
                ChatMessage last = request.messages().get(request.messages().size() - 1);
                if (last instanceof ToolExecutionResultMessage result) {
                    handed.add(result);
                    return ChatResponse.builder().aiMessage(AiMessage.from("done")).build();
                }
                return ChatResponse.builder().aiMessage(AiMessage.from(ToolExecutionRequest.builder()
                        .id("call-1").name(tool).arguments(arguments).build())).build();
            }
        };
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .toolProvider(McpToolProvider.builder().mcpClients(client).build())
                .build();
        assertThat(assistant.chat("Use " + tool)).isEqualTo("done");
        assertThat(handed).hasSize(1);
        return handed.get(0);
    }

    interface Assistant {
        String chat(String message);
    }
}
