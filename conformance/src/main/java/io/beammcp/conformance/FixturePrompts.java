package io.beammcp.conformance;

import io.beammcp.core.CallContext;
import io.beammcp.core.Completer;
import io.beammcp.core.Content;
import io.beammcp.core.PromptArgument;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.catalog.PromptRenderer;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;

import java.util.List;
import java.util.Map;

/** The prompts and completions the conformance suite's server scenarios call. */
final class FixturePrompts implements PromptRenderer, Completer {

    static final List<PromptSpec> PROMPTS = List.of(
            PromptSpec.of("test_simple_prompt", "A simple prompt without arguments."),
            PromptSpec.of("test_prompt_with_arguments", "A prompt with two arguments.",
                    PromptArgument.required("arg1", "First argument"), PromptArgument.required("arg2", "Second argument")),
            PromptSpec.of("test_prompt_with_embedded_resource", "A prompt embedding a resource.",
                    PromptArgument.required("resourceUri", "The resource to embed")),
            PromptSpec.of("test_prompt_with_image", "A prompt with an image."));

    @Override
    public PromptResult render(String name, Map<String, String> arguments, CallContext context) {
        return switch (name) {
            case "test_input_required_result_prompt" -> FixtureInput.prompt(context);
            case "test_prompt_with_arguments" -> PromptResult.of(PromptMessage.user(Content.text(
                    "Prompt with arguments: arg1='" + arguments.get("arg1") + "', arg2='" + arguments.get("arg2") + "'")));
            case "test_prompt_with_embedded_resource" -> PromptResult.of(
                    PromptMessage.user(Content.embeddedText(arguments.get("resourceUri"), "text/plain",
                            "Embedded resource content for testing.")),
                    PromptMessage.user(Content.text("Please process the embedded resource above.")));
            case "test_prompt_with_image" -> PromptResult.of(PromptMessage.user(Content.image(Media.PNG, "image/png")),
                    PromptMessage.user(Content.text("Please analyze the image above.")));
            default -> PromptResult.of(PromptMessage.user(Content.text("This is a simple prompt for testing.")));
        };
    }

    @Override
    public List<String> complete(Reference reference, String argumentName, String partialValue,
            Map<String, String> context) {
        return List.of("test", "testing", "tested").stream().filter(v -> v.startsWith(partialValue)).toList();
    }
}
