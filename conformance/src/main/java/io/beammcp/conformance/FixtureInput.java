package io.beammcp.conformance;

import io.beammcp.core.CallContext;
import io.beammcp.core.Content;
import io.beammcp.core.InputRequest;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools and the prompt of the conformance suite's scenarios that ask the client for input, written once
 * for both revisions: in 2026-07-28 they answer {@code input_required} and complete on the retry, in 2025-11-25 the
 * same code sends {@code elicitation/create}, {@code sampling/createMessage} or {@code roots/list} and waits.
 */
final class FixtureInput {

    static final List<ToolSpec> TOOLS = List.of(
            ToolSpec.builder("test_sampling").description("Asks the client's model to answer a prompt.")
                    .inputSchema("{\"type\":\"object\",\"properties\":{\"prompt\":{\"type\":\"string\"}},"
                            + "\"required\":[\"prompt\"]}").build(),
            ToolSpec.builder("test_elicitation").description("Asks the user for information.")
                    .inputSchema("{\"type\":\"object\",\"properties\":{\"message\":{\"type\":\"string\"}},"
                            + "\"required\":[\"message\"]}").build(),
            tool("test_elicitation_sep1034_defaults", "Asks the user with defaults for every field type."),
            tool("test_elicitation_sep1330_enums", "Asks the user with every enum shape."),
            tool("test_input_required_result_elicitation", "Asks the user's name, then greets them."),
            tool("test_input_required_result_sampling", "Asks the client's model a question."),
            tool("test_input_required_result_list_roots", "Asks the client for its roots."),
            tool("test_input_required_result_request_state", "Asks for a confirmation, keeping state between rounds."),
            tool("test_input_required_result_multiple_inputs", "Asks for a name, a greeting and the roots at once."),
            tool("test_input_required_result_multi_round", "Asks for a name, then for a colour."),
            tool("test_input_required_result_tampered_state", "Asks for a confirmation with a sealed state."),
            tool("test_input_required_result_capabilities", "Asks only for what the client can give."));

    static final PromptSpec PROMPT = PromptSpec.of("test_input_required_result_prompt",
            "A prompt that asks the user for context first.");

    private FixtureInput() {
    }

    private static ToolSpec tool(String name, String description) {
        return ToolSpec.builder(name).description(description).inputSchema("{\"type\":\"object\"}")
                .readOnly().idempotent().build();
    }

    static boolean handles(String toolName) {
        return TOOLS.stream().anyMatch(tool -> tool.name().equals(toolName));
    }

    static ToolResult call(String toolName, Map<String, Object> arguments, CallContext context) {
        switch (toolName) {
            case "test_sampling": {
                Map<String, Object> answer = context.ask("answer",
                        InputRequest.sampling((String) arguments.get("prompt"), 100));
                return text("LLM response: " + sampledText(answer));
            }
            case "test_elicitation": {
                Map<String, Object> answer = context.ask("information",
                        InputRequest.elicitation((String) arguments.get("message"), object(Map.of(
                                "username", Map.of("type", "string", "description", "Your user name"),
                                "email", Map.of("type", "string", "description", "Your email address")),
                                List.of("username", "email"))));
                return text("User response: " + describe(answer));
            }
            case "test_elicitation_sep1034_defaults": {
                Map<String, Object> properties = new LinkedHashMap<>();
                properties.put("name", Map.of("type", "string", "default", "John Doe"));
                properties.put("age", Map.of("type", "integer", "default", 30));
                properties.put("score", Map.of("type", "number", "default", 95.5));
                properties.put("status", Map.of("type", "string", "enum", List.of("active", "inactive", "pending"),
                        "default", "active"));
                properties.put("verified", Map.of("type", "boolean", "default", true));
                Map<String, Object> answer = context.ask("profile",
                        InputRequest.elicitation("Please review your profile", object(properties, List.of())));
                return text("Elicitation completed: " + describe(answer));
            }
            case "test_elicitation_sep1330_enums": {
                Map<String, Object> properties = new LinkedHashMap<>();
                properties.put("untitledSingle", Map.of("type", "string",
                        "enum", List.of("option1", "option2", "option3")));
                properties.put("titledSingle", Map.of("type", "string", "oneOf", List.of(
                        Map.of("const", "value1", "title", "First Option"),
                        Map.of("const", "value2", "title", "Second Option"),
                        Map.of("const", "value3", "title", "Third Option"))));
                properties.put("legacyEnum", Map.of("type", "string", "enum", List.of("opt1", "opt2", "opt3"),
                        "enumNames", List.of("Option One", "Option Two", "Option Three")));
                properties.put("untitledMulti", Map.of("type", "array", "minItems", 1, "maxItems", 3,
                        "items", Map.of("type", "string", "enum", List.of("option1", "option2", "option3"))));
                properties.put("titledMulti", Map.of("type", "array", "minItems", 1, "maxItems", 3,
                        "items", Map.of("anyOf", List.of(
                                Map.of("const", "value1", "title", "First Option"),
                                Map.of("const", "value2", "title", "Second Option"),
                                Map.of("const", "value3", "title", "Third Option")))));
                Map<String, Object> answer = context.ask("choices",
                        InputRequest.elicitation("Please choose", object(properties, List.of())));
                return text("Elicitation completed: " + describe(answer));
            }
            case "test_input_required_result_elicitation": {
                Map<String, Object> answer = context.ask("user_name", askName());
                return accepted(answer) ? text("Hello, " + field(answer, "name") + "!")
                        : text("No name was given: " + describe(answer));
            }
            case "test_input_required_result_sampling": {
                Map<String, Object> answer = context.ask("capital",
                        InputRequest.sampling("What is the capital of France?", 100));
                return text("The model answered: " + sampledText(answer));
            }
            case "test_input_required_result_list_roots": {
                Map<String, Object> answer = context.ask("client_roots", InputRequest.roots());
                List<?> roots = answer == null ? List.of() : (List<?>) answer.get("roots");
                return text("Found " + roots.size() + " root(s)");
            }
            case "test_input_required_result_request_state":
            case "test_input_required_result_tampered_state": {
                Map<String, Object> answer = context.ask("confirm", InputRequest.elicitation("Please confirm",
                        object(Map.of("ok", Map.of("type", "boolean")), List.of("ok"))));
                return text("state-ok: confirmed=" + (accepted(answer) && Boolean.TRUE.equals(field(answer, "ok"))));
            }
            case "test_input_required_result_multiple_inputs": {
                Map<String, InputRequest> wanted = new LinkedHashMap<>();
                wanted.put("user_name", askName());
                wanted.put("greeting", InputRequest.sampling("Write a one-line greeting.", 50));
                wanted.put("client_roots", InputRequest.roots());
                Map<String, InputRequest> missing = new LinkedHashMap<>(wanted);
                missing.keySet().removeIf(key -> context.inputResponse(key) != null);
                if (!missing.isEmpty()) {
                    context.requireInput(missing);
                }
                return text("Name: " + describe(context.inputResponse("user_name")) + "; greeting: "
                        + sampledText(context.inputResponse("greeting")) + "; roots: "
                        + context.inputResponse("client_roots"));
            }
            case "test_input_required_result_multi_round": {
                Map<String, Object> name = context.ask("step1", askName());
                Map<String, Object> colour = context.ask("step2", InputRequest.elicitation("What is your favourite "
                        + "colour?", object(Map.of("color", Map.of("type", "string")), List.of("color"))));
                return text(field(name, "name") + " likes " + field(colour, "color"));
            }
            case "test_input_required_result_capabilities": {
                // ask only for what this client declared it can give
                Map<String, InputRequest> possible = new LinkedHashMap<>();
                possible.put("user_name", askName());
                possible.put("capital", InputRequest.sampling("What is the capital of France?", 100));
                possible.put("client_roots", InputRequest.roots());
                possible.values().removeIf(request -> !context.canRequest(request));
                possible.keySet().removeIf(key -> context.inputResponse(key) != null);
                if (!possible.isEmpty()) {
                    context.requireInput(possible);
                }
                return text("Asked only for what the client can give.");
            }
            default:
                throw new IllegalArgumentException("Not an input tool: " + toolName);
        }
    }

    static PromptResult prompt(CallContext context) {
        Map<String, Object> answer = context.ask("user_context", InputRequest.elicitation(
                "What context should the prompt use?",
                object(Map.of("context", Map.of("type", "string")), List.of("context"))));
        return PromptResult.of(PromptMessage.user(Content.text("Use this context: " + field(answer, "context"))));
    }

    static InputRequest askName() {
        return InputRequest.elicitation("What is your name?",
                object(Map.of("name", Map.of("type", "string")), List.of("name")));
    }

    private static Map<String, Object> object(Map<String, Object> properties, List<String> required) {
        return Map.of("type", "object", "properties", properties, "required", required);
    }

    static boolean accepted(Map<String, Object> answer) {
        return answer != null && "accept".equals(answer.get("action"));
    }

    static Object field(Map<String, Object> answer, String name) {
        Object content = answer == null ? null : answer.get("content");
        return content instanceof Map<?, ?> map ? map.get(name) : null;
    }

    private static String describe(Map<String, Object> answer) {
        return answer == null ? "no answer" : "action=" + answer.get("action") + ", content=" + answer.get("content");
    }

    private static String sampledText(Map<String, Object> answer) {
        Object content = answer == null ? null : answer.get("content");
        return content instanceof Map<?, ?> map && map.get("text") != null ? map.get("text").toString() : "no answer";
    }

    private static ToolResult text(String text) {
        return ToolResult.content(Content.text(text));
    }
}
