package io.beammcp.conformance;

import io.beammcp.core.CallContext;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.Content;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.LogLevel;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;

import java.util.List;
import java.util.Map;

/**
 * The tools the conformance suite's server scenarios call; those that ask the client for input are in
 * {@link FixtureInput}. The lists themselves are fixed: the trigger tools report a change so that the
 * notification path runs.
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
            tool("test_trigger_tool_change", "Reports that the tool list changed."),
            tool("test_trigger_prompt_change", "Reports that the prompt list changed."),
            tool("interop_update_watched", "Reports that test://watched-resource changed (for the cluster checks)."),
            ToolSpec.builder("test_missing_capability").description("Needs the client's sampling capability.")
                    .inputSchema("{\"type\":\"object\"}").requiresClientCapabilities("sampling")
                    .readOnly().idempotent().build());

    private final CatalogChanges changes;

    FixtureTools(CatalogChanges changes) {
        this.changes = changes;
    }

    private static ToolSpec tool(String name, String description) {
        return ToolSpec.builder(name).description(description).inputSchema("{\"type\":\"object\"}")
                .readOnly().idempotent().build();
    }

    @Override
    public ToolResult call(String toolName, Map<String, Object> arguments, CallContext context) throws Exception {
        if (FixtureInput.handles(toolName)) {
            return FixtureInput.call(toolName, arguments, context);
        }
        if (FixtureTasks.handles(toolName)) {
            return FixtureTasks.call(toolName, arguments, context);
        }
        return switch (toolName) {
            case "test_tool_with_progress" -> {
                for (int progress = 0; progress <= 100; progress += 50) {
                    if (progress > 0) {
                        Thread.sleep(50);
                    }
                    context.progress(progress, 100, "Completed step " + (progress / 50 + 1) + " of 3");
                }
                yield ToolResult.content(Content.text("Progress test completed."));
            }
            case "test_tool_with_logging" -> {
                context.log(LogLevel.INFO, "fixture", "Tool execution started");
                Thread.sleep(50);
                context.log(LogLevel.INFO, "fixture", "Tool processing data");
                Thread.sleep(50);
                context.log(LogLevel.INFO, "fixture", "Tool execution completed");
                yield ToolResult.content(Content.text("Logging test completed."));
            }
            case "test_logging_tool" -> {
                // sent only when the request's _meta asks for info messages or more
                context.log(LogLevel.INFO, "fixture", "test_logging_tool ran");
                yield ToolResult.content(Content.text("Logged when asked to."));
            }
            case "test_trigger_tool_change" -> {
                changes.toolsChanged();
                yield ToolResult.content(Content.text("The tool list changed."));
            }
            case "test_trigger_prompt_change" -> {
                changes.promptsChanged();
                yield ToolResult.content(Content.text("The prompt list changed."));
            }
            case "interop_update_watched" -> {
                changes.resourceUpdated("test://watched-resource");
                yield ToolResult.content(Content.text("test://watched-resource changed."));
            }
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
