package io.beammcp.conformance;

import io.beammcp.core.CallContext;
import io.beammcp.core.Content;
import io.beammcp.core.Dispatch;
import io.beammcp.core.ToolMode;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;

import java.util.List;
import java.util.Map;

/**
 * The tools of the conformance contract (FIXTURE.md §4). Tools whose scenario needs a capability the
 * library does not have yet still answer, so the suite reports the missing capability, not a missing tool.
 */
final class FixtureTools implements Dispatch {

    static final List<ToolSpec> TOOLS = List.of(
            tool("test_simple_text", "Returns a simple text response."),
            tool("test_image_content", "Returns a PNG image."),
            tool("test_audio_content", "Returns a WAV audio clip."),
            tool("test_embedded_resource", "Returns an embedded text resource."),
            tool("test_multiple_content_types", "Returns text, an image and an embedded resource."),
            tool("test_error_handling", "Always fails with a tool error."),
            tool("test_tool_with_progress", "Reports progress while it works."),
            tool("test_tool_with_logging", "Logs while it works."),
            tool("test_logging_tool", "Logs only when the request asks for log messages."),
            tool("test_streaming_elicitation", "Answers quickly without asking the client anything."),
            ToolSpec.builder("test_missing_capability").description("Needs the client's sampling capability.")
                    .inputSchema("{\"type\":\"object\"}").requiresClientCapabilities("sampling")
                    .mode(ToolMode.READ_ONLY).build(),
            ToolSpec.builder("test_sampling").description("Asks the client's model to answer a prompt.")
                    .inputSchema("{\"type\":\"object\",\"properties\":{\"prompt\":{\"type\":\"string\"}},"
                            + "\"required\":[\"prompt\"]}").build(),
            ToolSpec.builder("test_elicitation").description("Asks the user for information.")
                    .inputSchema("{\"type\":\"object\",\"properties\":{\"message\":{\"type\":\"string\"}},"
                            + "\"required\":[\"message\"]}").build(),
            tool("test_elicitation_sep1034_defaults", "Asks the user with defaults for every field type."),
            tool("test_elicitation_sep1330_enums", "Asks the user with every enum shape."));

    private static ToolSpec tool(String name, String description) {
        return ToolSpec.builder(name).description(description).inputSchema("{\"type\":\"object\"}")
                .mode(ToolMode.READ_ONLY).build();
    }

    @Override
    public ToolResult call(String toolName, Map<String, Object> arguments, CallContext context) {
        return switch (toolName) {
            case "test_simple_text" -> ToolResult.content(Content.text("This is a simple text response for testing."));
            case "test_image_content" -> ToolResult.content(Content.image(Media.PNG, "image/png"));
            case "test_audio_content" -> ToolResult.content(Content.audio(Media.WAV, "audio/wav"));
            case "test_embedded_resource" -> ToolResult.content(Content.embeddedText("test://embedded-resource",
                    "text/plain", "This is an embedded resource content."));
            case "test_multiple_content_types" -> ToolResult.content(Content.text("Multiple content types test:"),
                    Content.image(Media.PNG, "image/png"), Content.embeddedText("test://mixed-content-resource",
                            "application/json", "{\"test\":\"data\",\"value\":123}"));
            case "test_error_handling" -> ToolResult.error("This tool intentionally returns an error for testing");
            case "test_missing_capability" -> ToolResult.content(Content.text("The client declared sampling."));
            default -> ToolResult.content(Content.text("Tool " + toolName + " completed."));
        };
    }
}
