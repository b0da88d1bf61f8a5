package io.beammcp.benchmarks.sdk;

import io.modelcontextprotocol.modern.McpSchema.CallToolResult;
import io.modelcontextprotocol.modern.McpSchema.Implementation;
import io.modelcontextprotocol.modern.McpSchema.TextContent;
import io.modelcontextprotocol.modern.McpSchema.Tool;
import io.modelcontextprotocol.modern.McpSchema.ToolAnnotations;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.McpServer;
import io.modelcontextprotocol.modern.server.McpSyncResponse;
import io.modelcontextprotocol.modern.server.feature.McpSyncTool;
import io.modelcontextprotocol.modern.server.feature.McpSyncToolRepository;
import io.modelcontextprotocol.modern.server.feature.ToolsFeature;
import io.modelcontextprotocol.modern.server.feature.ToolsPage;
import io.modelcontextprotocol.modern.server.transport.HttpServletMcpTransport;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.startup.Tomcat;

import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The sample's get_weather tool on the MCP Java SDK's 2026-07-28 (stateless) server, served by the SDK's servlet
 * transport in an embedded Tomcat on 127.0.0.1, everything at its defaults (the transport's endpoint /mcp, its
 * header validator and body limit; Tomcat's connector and 200-thread pool). Usage: {@code java -jar sdk-app.jar PORT}.
 */
public final class SdkWeatherServer {

    private static final String[] SKIES = {"sunny", "partly cloudy", "cloudy", "light rain", "showers", "windy"};

    // the input schema the sample advertises for get_weather (the same keywords, so the same validation); the
    // server's name and version are the sample's too, so that both answers have the same size
    private static final Map<String, Object> INPUT_SCHEMA = Map.of("type", "object",
            "properties", Map.of("place", Map.of("type", "string", "minLength", 1, "pattern", "\\S",
                    "description", "A city or region, for example \"Lisbon\". Not blank.")),
            "required", List.of("place"), "additionalProperties", false);

    private SdkWeatherServer() {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        Tool definition = Tool.builder("get_weather", INPUT_SCHEMA).title("Current weather")
                .description("The current sky, temperature and wind in a place, as one sentence.")
                .annotations(ToolAnnotations.builder().readOnlyHint(true).idempotentHint(true).openWorldHint(false)
                        .build())
                .build();
        McpSyncTool tool = McpSyncTool.of(definition, (context, request) -> McpSyncResponse.result(CallToolResult
                .builder().addContent(TextContent.builder(current((String) request.arguments().get("place"))).build())
                .build()));
        McpServer server = McpServer.builder().serverInfo(Implementation.builder("weather", "0.1.0-SNAPSHOT").build())
                .feature(ToolsFeature.ofSync(new McpSyncToolRepository() {
                    @Override
                    public ToolsPage list(McpRequestContext context, String cursor) {
                        return ToolsPage.of(List.of(definition));
                    }

                    @Override
                    public McpSyncTool find(McpRequestContext context, String name) {
                        return "get_weather".equals(name) ? tool : null;
                    }
                }))
                .build();
        HttpServletMcpTransport transport = HttpServletMcpTransport.builder(server).build();

        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(Files.createTempDirectory("sdk-app-tomcat").toString());
        tomcat.setPort(port);
        tomcat.getConnector().setProperty("address", "127.0.0.1");
        Context context = tomcat.addContext("", null);
        Wrapper wrapper = Tomcat.addServlet(context, "mcp", transport);
        wrapper.setAsyncSupported(true);
        context.addServletMappingDecoded("/mcp", "mcp");
        tomcat.start();
        tomcat.getServer().await();
    }

    /** The sample's weather sentence, computed the same way, so that every server compared does the same host work. */
    static String current(String place) {
        int seed = Math.floorMod(place.strip().toLowerCase(Locale.ROOT).hashCode(), 1_000_003);
        return "%s: %s, %d °C, wind %d km/h".formatted(place.strip(), SKIES[seed % SKIES.length],
                8 + (seed / 7) % 22, 5 + seed % 30);
    }
}
