package io.beammcp.conformance;

import io.beammcp.core.CallContext;
import io.beammcp.core.Content;
import io.beammcp.core.InputRequest;
import io.beammcp.core.TaskSupport;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;

import java.util.List;
import java.util.Map;

/**
 * The tools of the conformance suite's Tasks extension scenarios, the JSON Schema 2020-12 tool served
 * verbatim, and a tool whose argument is mirrored into an {@code Mcp-Param-*} header.
 */
final class FixtureTasks {

    static final List<ToolSpec> TOOLS = List.of(
            ToolSpec.builder("greet").description("Greets by name; never a task.")
                    .inputSchema("{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}},"
                            + "\"required\":[\"name\"]}").build(),
            ToolSpec.builder("slow_compute").description("Works for the given seconds; a task when the client can poll.")
                    .inputSchema("{\"type\":\"object\",\"properties\":{\"seconds\":{\"type\":\"integer\",\"minimum\":0},"
                            + "\"label\":{\"type\":\"string\"}}}").taskSupport(TaskSupport.OPTIONAL).build(),
            ToolSpec.builder("failing_job").description("A task that ends with a tool error.")
                    .inputSchema("{\"type\":\"object\"}").taskSupport(TaskSupport.REQUIRED).build(),
            ToolSpec.builder("protocol_error_job").description("A task that fails with a protocol error.")
                    .inputSchema("{\"type\":\"object\"}").taskSupport(TaskSupport.REQUIRED).build(),
            ToolSpec.builder("confirm_delete").description("A task that asks for a confirmation before it deletes.")
                    .inputSchema("{\"type\":\"object\",\"properties\":{\"filename\":{\"type\":\"string\"}}}")
                    .taskSupport(TaskSupport.OPTIONAL).build(),
            ToolSpec.builder("multi_input").description("A task that asks two questions at once.")
                    .inputSchema("{\"type\":\"object\"}").taskSupport(TaskSupport.OPTIONAL).build(),
            ToolSpec.builder("test_tool_with_task").description("Asks a name in the call, then greets in a task.")
                    .inputSchema("{\"type\":\"object\"}").taskSupport(TaskSupport.REQUIRED).build(),
            ToolSpec.builder("json_schema_2020_12_tool").description("Tool with JSON Schema 2020-12 features")
                    .inputSchema("""
                            {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
                             "$defs": {"address": {"$anchor": "addressDef", "type": "object",
                                 "properties": {"street": {"type": "string"}, "city": {"type": "string"}}}},
                             "properties": {"name": {"type": "string"}, "address": {"$ref": "#/$defs/address"},
                                 "contactMethod": {"type": "string", "enum": ["phone", "email"]},
                                 "phone": {"type": "string"}, "email": {"type": "string"}},
                             "allOf": [{"anyOf": [{"required": ["phone"]}, {"required": ["email"]}]}],
                             "if": {"properties": {"contactMethod": {"const": "phone"}}, "required": ["contactMethod"]},
                             "then": {"required": ["phone"]}, "else": {"required": ["email"]},
                             "additionalProperties": false}
                            """).build(),
            ToolSpec.builder("test_custom_headers")
                    .description("Echoes an argument that is mirrored into the Mcp-Param-Region header.")
                    .inputSchema("{\"type\":\"object\",\"properties\":{\"region\":{\"type\":\"string\","
                            + "\"description\":\"Region, mirrored into Mcp-Param-Region\",\"x-mcp-header\":\"Region\"}},"
                            + "\"required\":[\"region\"]}").build());

    private FixtureTasks() {
    }

    static boolean handles(String toolName) {
        return TOOLS.stream().anyMatch(tool -> tool.name().equals(toolName));
    }

    static ToolResult call(String toolName, Map<String, Object> arguments, CallContext context) throws Exception {
        switch (toolName) {
            case "greet":
                return text("Hello, " + arguments.get("name") + "!");
            case "slow_compute": {
                int seconds = arguments.get("seconds") instanceof Number n ? n.intValue() : 0;
                if (seconds > 0) {
                    context.startTask();
                    Thread.sleep(seconds * 1000L);
                }
                return text("Computed " + arguments.getOrDefault("label", "") + " in " + seconds + " s");
            }
            case "failing_job":
                Thread.sleep(1000);
                return ToolResult.error("The job failed");
            case "protocol_error_job":
                context.startTask();
                throw new IllegalStateException("The job broke");
            case "confirm_delete": {
                if (!context.startTask()) {
                    // without the extension there is nobody to confirm with in the background
                    return text("Nothing deleted: confirmation needs a task");
                }
                Map<String, Object> answer = context.ask("confirm", InputRequest.elicitation(
                        "Delete " + arguments.getOrDefault("filename", "the file") + "?",
                        Map.of("type", "object", "properties", Map.of("confirm", Map.of("type", "boolean")),
                                "required", List.of("confirm"))));
                return text(FixtureInput.accepted(answer) ? "Deleted " + arguments.get("filename") : "Kept the file");
            }
            case "multi_input": {
                if (!context.startTask()) {
                    return text("Nothing asked: two questions need a task");
                }
                Map<String, Object> schema = Map.of("type", "object", "properties", Map.of(
                        "name", Map.of("type", "string"), "confirm", Map.of("type", "boolean")));
                context.requireInput(Map.of("first", InputRequest.elicitation("First question", schema),
                        "second", InputRequest.elicitation("Second question", schema)));
                return text("Both answered: " + context.inputResponse("first") + ", " + context.inputResponse("second"));
            }
            case "json_schema_2020_12_tool":
                return text("JSON Schema 2020-12 tool called with: " + arguments);
            case "test_custom_headers":
                return text("Region: " + arguments.get("region"));
            default: {
                // test_tool_with_task: the name is asked in the call, before the task starts
                Map<String, Object> answer = context.ask("user_name", FixtureInput.askName());
                Object name = FixtureInput.field(answer, "name");
                context.startTask();
                return text("Hello, " + name + "!");
            }
        }
    }

    private static ToolResult text(String text) {
        return ToolResult.content(Content.text(text));
    }
}
