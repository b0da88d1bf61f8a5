package io.beammcp.reliability;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.Completer;
import io.beammcp.core.Content;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.PromptArgument;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.catalog.PromptRenderer;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.catalog.ResourceReader;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ResourceTemplateSpec;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.server.McpServerBuilder;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/**
 * The host every reliability test talks to, written with the public API only, as a user would: tools
 * with and without schemas, header-mirrored parameters, a failing and an unserialisable tool, listed
 * resources and templates, prompts, a completer. Host code records what reached it, so a test can prove
 * that a refused request never did.
 *
 * <p>Secrets: host faults carry {@link #SECRET} in their messages; tests send {@link #SECRET} in
 * arguments, header values and bodies, and assert it never reaches a response or a log line.
 */
final class TestHost {

    /** A marker that must never appear in a response or a log line unless the client itself sent it there. */
    static final String SECRET = "S3CR3T-7f3a";

    static final String ECHO_SCHEMA = "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}";
    static final String REGIONAL_SCHEMA = "{\"type\":\"object\",\"properties\":{"
            + "\"region\":{\"type\":\"string\",\"x-mcp-header\":\"Region\"},"
            + "\"size\":{\"type\":\"integer\",\"x-mcp-header\":\"Size\"},"
            + "\"metric\":{\"type\":\"boolean\",\"x-mcp-header\":\"Metric\"}}}";
    static final String RECORD_SCHEMA = "{\"type\":\"object\",\"properties\":{"
            + "\"flag\":{\"type\":\"boolean\"},\"off\":{\"type\":\"boolean\"},\"nothing\":{\"type\":\"null\"},"
            + "\"n\":{\"type\":\"number\"},\"s\":{\"type\":\"string\"},\"obj\":{\"type\":\"object\"},"
            + "\"list\":{\"type\":\"array\"}}}";
    static final String SIZED_SCHEMA = "{\"type\":\"object\",\"properties\":{\"length\":{\"type\":\"integer\","
            + "\"minimum\":0}},\"required\":[\"length\"]}";
    static final String STRICT_SCHEMA = "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},"
            + "\"additionalProperties\":false}";

    /** Arguments that reached dispatch, in order, for tools that record. */
    final List<Map<String, Object>> dispatched = new CopyOnWriteArrayList<>();
    /** URIs that reached the reader. */
    final List<String> read = new CopyOnWriteArrayList<>();
    /** Prompt names that reached the renderer. */
    final List<String> rendered = new CopyOnWriteArrayList<>();
    /** Calls of the completer. */
    final List<String> completed = new CopyOnWriteArrayList<>();
    /** Calls of the {@code count} tool. */
    final AtomicInteger counted = new AtomicInteger();

    static List<ToolSpec> tools() {
        List<ToolSpec> tools = new ArrayList<>();
        tools.add(ToolSpec.builder("echo").description("Echoes text").inputSchema(ECHO_SCHEMA).build());
        tools.add(ToolSpec.builder("regional").description("Header-mirrored arguments").inputSchema(REGIONAL_SCHEMA)
                .build());
        tools.add(ToolSpec.builder("record").description("Records its arguments").inputSchema(RECORD_SCHEMA).build());
        tools.add(ToolSpec.builder("strict").description("Admits only a").inputSchema(STRICT_SCHEMA).build());
        tools.add(ToolSpec.builder("count").description("Counts its calls").build());
        tools.add(ToolSpec.builder("boom").description("Always throws").build());
        tools.add(ToolSpec.builder("unserialisable").description("Returns what JSON cannot hold").build());
        tools.add(ToolSpec.builder("nothing").description("Returns null").build());
        tools.add(ToolSpec.builder("sized").description("Returns that many characters").inputSchema(SIZED_SCHEMA).build());
        tools.add(ToolSpec.builder("exhausting").description("Returns what runs the heap out").build());
        tools.add(ToolSpec.builder("sampler").description("Needs sampling").requiresClientCapabilities("sampling")
                .build());
        return tools;
    }

    static Catalog catalog() {
        return Catalog.of(tools(), List.of(
                ResourceSpec.builder("test://static", "static").mimeType("text/plain").description("Static").build(),
                ResourceSpec.builder("test://broken", "broken").description("Reader throws").build(),
                ResourceTemplateSpec.builder("test://template/{id}/data", "by id").mimeType("application/json").build(),
                ResourceTemplateSpec.builder("file:///{+path}", "files").build()),
                List.of(PromptSpec.of("greet", "Greets someone", PromptArgument.required("who", "Whom"),
                        PromptArgument.optional("tone", "How")),
                        PromptSpec.of("broken", "Renderer throws")));
    }

    Dispatch dispatch() {
        return (tool, arguments, context) -> {
            switch (tool) {
                case "echo":
                    return ToolResult.of(String.valueOf(arguments.get("text")));
                case "regional":
                    return ToolResult.of(String.valueOf(arguments.get("region")));
                case "record":
                case "strict":
                    dispatched.add(arguments);
                    return ToolResult.of("recorded");
                case "count":
                    return ToolResult.of("count " + counted.incrementAndGet());
                case "unserialisable":
                    return ToolResult.of(new Unserialisable());
                case "nothing":
                    return null;
                case "sized":
                    return ToolResult.of("x".repeat(((Number) arguments.get("length")).intValue()));
                case "exhausting":
                    return ToolResult.of(new Exhausting());
                case "sampler":
                    return ToolResult.of("sampled");
                default:
                    throw new IllegalStateException("host failure with " + SECRET + " and " + arguments);
            }
        };
    }

    ResourceReader reader() {
        return (uri, context) -> {
            read.add(uri);
            if (uri.equals("test://broken")) {
                throw new IllegalStateException("disk " + SECRET + " failed");
            }
            return ReadResult.of(ResourceContents.text(uri, "text/plain", "text of " + uri));
        };
    }

    PromptRenderer renderer() {
        return (name, arguments, context) -> {
            rendered.add(name);
            if (name.equals("broken")) {
                throw new IllegalStateException("renderer " + SECRET + " failed");
            }
            return PromptResult.of(PromptMessage.user(Content.text("Hello, " + arguments.get("who"))));
        };
    }

    Completer completer() {
        return (reference, argument, partial, context) -> {
            completed.add(argument + "=" + partial);
            return List.of(partial + "a", partial + "b");
        };
    }

    /** The full host as a server. */
    McpServer server() {
        return server(UnaryOperator.identity());
    }

    McpServer server(UnaryOperator<McpServerBuilder> settings) {
        return settings.apply(McpServer.builder(catalog(), dispatch()).serverName("reliability").serverVersion("1.0.0")
                .resourceReader(reader()).promptRenderer(renderer()).completer(completer())).build();
    }

    /** A value whose serialisation runs out of memory, as one larger than the heap would (simulated). */
    static final class Exhausting {

        public Object getEverything() {
            throw new OutOfMemoryError("simulated: Java heap space");
        }
    }

    /** A value whose serialisation throws. */
    static final class Unserialisable {

        public Object getSelf() {
            throw new IllegalStateException("cannot serialise " + SECRET);
        }
    }
}
