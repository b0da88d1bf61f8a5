package io.beammcp.core.server;

import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceBinding;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.ToolView.Visibility;
import io.beammcp.core.ViewResource;
import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.spi.McpAccessPolicy;
import io.beammcp.testsupport.Messages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.security.Principal;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import static io.beammcp.core.server.Wire.JSON;
import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * MCP Apps views ({@code io.modelcontextprotocol/ui}) on the wire, in both revisions: the tool's {@code _meta.ui}
 * exactly as the specification shapes it, the view read as one HTML item of the Apps MIME type with its
 * {@code _meta.ui}, the extension advertised, the same text result for a client without the extension, a view
 * found by convention on the class path, the startup refusals, and a view hidden with its tool.
 */
class AppsTest {

    private static final String CARD = "ui://weather/card";
    private static final String HTML = "<!DOCTYPE html><html><body><p>{{not a template}}</p></body></html>";
    private static final String UI = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{\"extensions\":{\"io.modelcontextprotocol/ui\":"
            + "{\"mimeTypes\":[\"text/html;profile=mcp-app\"]}}}}";

    private static ResourceBinding card() {
        return ViewResource.builder(CARD).listedAs(null, "Card", null).html(HTML).connectDomains("https://api.example.com")
                .resourceDomains("https://*.cdn.example.com").permissions(ViewResource.Permission.CLIPBOARD_WRITE)
                .prefersBorder(true).build();
    }

    private static Wire wire(UnaryOperator<McpServerBuilder> settings, ToolSpec... tools) {
        return Wire.of(settings, (name, args, context) -> ToolResult.of("Oslo: 3 days"), tools);
    }

    private static Wire wire() {
        return wire(builder -> builder.add("views", card()),
                ToolSpec.builder("forecast").view(CARD, Visibility.MODEL, Visibility.APP).build(),
                ToolSpec.builder("refresh").view(CARD, Visibility.APP).build(),
                ToolSpec.builder("helper").visibility(Visibility.APP).build(),
                ToolSpec.builder("plain").build());
    }

    private static JsonNode tool(JsonNode list, String name) {
        for (JsonNode tool : result(list).path("tools")) {
            if (tool.path("name").asString().equals(name)) {
                return tool;
            }
        }
        throw new AssertionError("no tool " + name + " in " + list);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void toolsListCarriesTheViewAndTheVisibilityAsTheSpecificationShapesThem(boolean legacy) {
        JsonNode list = wire().opened(legacy).request(legacy, 1, "tools/list", null);
        assertThat(tool(list, "forecast").get("_meta")).isEqualTo(JSON.readTree("""
                {"ui":{"resourceUri":"ui://weather/card","visibility":["model","app"]},
                 "ui/resourceUri":"ui://weather/card"}"""));
        assertThat(tool(list, "refresh").get("_meta")).isEqualTo(JSON.readTree("""
                {"ui":{"resourceUri":"ui://weather/card","visibility":["app"]},"ui/resourceUri":"ui://weather/card"}"""));
        assertThat(tool(list, "helper").get("_meta")).isEqualTo(JSON.readTree("{\"ui\":{\"visibility\":[\"app\"]}}"));
        assertThat(tool(list, "plain").has("_meta")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theViewReadsAsOneHtmlItemWithItsMetaAndIsListedWithIt(boolean legacy) {
        Wire wire = wire().opened(legacy);
        JsonNode read = result(wire.request(legacy, 1, "resources/read", "\"uri\":\"" + CARD + "\""));
        assertThat(read.path("contents")).hasSize(1);
        JsonNode item = read.path("contents").get(0);
        JsonNode ui = JSON.readTree("""
                {"ui":{"csp":{"connectDomains":["https://api.example.com"],"resourceDomains":["https://*.cdn.example.com"]},
                       "permissions":{"clipboardWrite":{}},"prefersBorder":true}}""");
        assertThat(item).isEqualTo(JSON.createObjectNode().put("uri", CARD).put("mimeType", "text/html;profile=mcp-app")
                .put("text", HTML).set("_meta", ui));
        JsonNode listed = result(wire.request(legacy, 2, "resources/list", null)).path("resources").get(0);
        assertThat(listed.path("mimeType").asString()).isEqualTo("text/html;profile=mcp-app");
        assertThat(listed.path("name").asString() + "/" + listed.path("title").asString()).isEqualTo("card/Card");
        assertThat(listed.get("_meta")).isEqualTo(ui);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theExtensionIsAdvertisedWithTheViewMimeTypeWhenAToolNamesAView(boolean legacy) {
        JsonNode capabilities = result(legacy ? wire().initialize() : wire().modern(1, "server/discover", null))
                .path("capabilities");
        assertThat(capabilities.path("extensions").toString())
                .isEqualTo("{\"io.modelcontextprotocol/ui\":{\"mimeTypes\":[\"text/html;profile=mcp-app\"]}}");
        Wire without = wire(UnaryOperator.identity(), ToolSpec.builder("plain").build());
        JsonNode none = result(legacy ? without.initialize() : without.modern(1, "server/discover", null));
        assertThat(none.path("capabilities").has("extensions")).isFalse();
    }

    @Test
    void aClientWithoutTheExtensionGetsTheSameTextResultAsOneWithIt() {
        Wire wire = wire();
        JsonNode with = result(wire.send(Messages.modern(1, "tools/call", "\"name\":\"forecast\"", UI)));
        JsonNode without = result(wire.modern(2, "tools/call", "\"name\":\"forecast\""));
        wire.initialize();
        JsonNode legacy = result(wire.legacy(3, "tools/call", "{\"name\":\"forecast\"}"));
        assertThat(without.path("content")).isEqualTo(with.path("content"))
                .isEqualTo(JSON.readTree("[{\"type\":\"text\",\"text\":\"Oslo: 3 days\"}]"));
        assertThat(legacy.path("content")).isEqualTo(with.path("content"));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aViewNoBindingServesIsFoundOnTheClassPathAndServedAsWritten(boolean legacy) {
        Wire wire = wire(UnaryOperator.identity(), ToolSpec.builder("show").view("ui://test/card").build())
                .opened(legacy);
        JsonNode item = result(wire.request(legacy, 1, "resources/read", "\"uri\":\"ui://test/card\"")).path("contents")
                .get(0);
        assertThat(item.path("mimeType").asString()).isEqualTo("text/html;profile=mcp-app");
        assertThat(item.path("text").asString()).isEqualTo("<!DOCTYPE html>\n"
                + "<html><body><p id=\"card\">A card found by convention</p></body></html>\n");
        assertThat(item.has("_meta")).isFalse();
    }

    /** Annotated tools: a view with the default visibility, and an app-only helper without a view. */
    static final class AnnotatedTools {

        @McpTool(view = "ui://test/card")
        String show() {
            return "shown";
        }

        @McpTool(visibility = Visibility.APP)
        String helper() {
            return "helped";
        }
    }

    @Test
    void anAnnotatedToolNamesItsViewAndStatesItsVisibility() {
        Wire wire = wire(builder -> builder.annotated("annotated", new AnnotatedTools()));
        JsonNode list = wire.modern(1, "tools/list", null);
        assertThat(tool(list, "show").get("_meta")).isEqualTo(JSON.readTree("{\"ui\":{\"resourceUri\":"
                + "\"ui://test/card\",\"visibility\":[\"model\",\"app\"]},\"ui/resourceUri\":\"ui://test/card\"}"));
        assertThat(tool(list, "helper").get("_meta")).isEqualTo(JSON.readTree("{\"ui\":{\"visibility\":[\"app\"]}}"));
    }

    @Test
    void aDeclaredViewWithoutHtmlNeedsItOnTheClassPath() {
        assertThatThrownBy(() -> ViewResource.builder("ui://test/none").build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("View ui://test/none has no HTML: none given and no classpath:mcp/apps/test/none.html");
        assertThat(ViewResource.classpathOf("ui://test/../secret")).isNull();
        assertThat(ViewResource.classpathOf("ui://test/card?x=1")).isNull();
        assertThat(ViewResource.classpathOf("ui://test//card")).isNull();
        assertThat(ViewResource.classpathOf("https://test/card")).isNull();
    }

    @Test
    void aViewNoResourceServesRefusesStartupNamingTheTool() {
        assertThatThrownBy(() -> wire(UnaryOperator.identity(), ToolSpec.builder("show").view("ui://test/none").build()))
                .isInstanceOf(InvalidCatalogException.class)
                .hasMessage("Tool 'show' names view ui://test/none, which no resource serves (declare one, or put the"
                        + " HTML at classpath:mcp/apps/test/none.html)");
    }

    @Test
    void aViewOfAnotherMimeTypeRefusesStartupNamingTheTool() {
        ResourceBinding html = ResourceBinding.of(ResourceSpec.builder(CARD, "card").mimeType("text/html").build(),
                (uri, context) -> ReadResult.of(ResourceContents.text(uri, "text/html", HTML)));
        assertThatThrownBy(() -> wire(builder -> builder.add("views", html), ToolSpec.builder("show").view(CARD).build()))
                .isInstanceOf(InvalidCatalogException.class)
                .hasMessage("Tool 'show' names view ui://weather/card, whose MIME type is 'text/html', not"
                        + " text/html;profile=mcp-app");
    }

    @Test
    void aCspEntryThatIsNotAnOriginRefusesStartupNamingTheTool() {
        for (String entry : List.of("https://api.example.com/v1", "https://api.example.com/", "api.example.com",
                "javascript:alert(1)", "https://*", "*")) {
            ResourceBinding view = ViewResource.builder(CARD).html(HTML).connectDomains("https://ok.example.com", entry)
                    .build();
            assertThatThrownBy(() -> wire(builder -> builder.add("views", view),
                    ToolSpec.builder("show").view(CARD).build()))
                    .isInstanceOf(InvalidCatalogException.class)
                    .hasMessage("Tool 'show' names view ui://weather/card, whose csp.connectDomains entry \"" + entry
                            + "\" is not an origin (scheme://host[:port], such as https://api.example.com)");
        }
        ResourceBinding origins = ViewResource.builder(CARD).html(HTML).connectDomains("https://api.example.com:8443",
                "wss://live.example.com").frameDomains("https://*.example.com").baseUriDomains("http://localhost:8080")
                .build();
        wire(builder -> builder.add("views", origins), ToolSpec.builder("show").view(CARD).build());
    }

    @Test
    void aViewUriThatIsNotUiRefusesStartupNamingTheTool() {
        assertThatThrownBy(() -> wire(UnaryOperator.identity(), ToolSpec.builder("show").view("https://x/card").build()))
                .isInstanceOf(InvalidCatalogException.class)
                .hasMessage("Tool 'show' names view 'https://x/card', which is not a ui:// URI");
    }

    @Test
    void aViewIsHiddenFromACallerWhoSeesNoToolNamingItAndAnAppOnlyToolNeedsItsScopes() {
        McpAccessPolicy policy = new McpAccessPolicy() {
            @Override
            public boolean grants(Principal principal, String scope) {
                return principal != null && principal.getName().equals("alice");
            }

            @Override
            public boolean sees(Principal principal, Kind kind, String name) {
                return principal != null && (principal.getName().equals("alice") || !name.equals("forecast"));
            }
        };
        Wire wire = wire(builder -> builder.add("views", card()).accessPolicy(policy),
                ToolSpec.builder("forecast").view(CARD).build(),
                ToolSpec.builder("refresh").view("ui://test/card", Visibility.APP).scopes("weather:refresh").build());
        wire.principal = () -> "bob";
        assertError(wire.modern(1, "resources/read", "\"uri\":\"" + CARD + "\""), 1, -32602);
        assertThat(result(wire.modern(2, "resources/list", null)).path("resources")).extracting(r -> r.path("uri")
                .asString()).containsExactly("ui://test/card");
        JsonNode refused = wire.modern(3, "tools/call", "\"name\":\"refresh\"");
        assertError(refused, 3, -31403);
        assertThat(refused.at("/error/data/scopes").toString()).isEqualTo("[\"weather:refresh\"]");
        wire.principal = () -> "alice";
        assertThat(result(wire.modern(4, "resources/read", "\"uri\":\"" + CARD + "\"")).path("contents")).hasSize(1);
        assertThat(result(wire.modern(5, "tools/call", "\"name\":\"refresh\"")).path("content")).isNotEmpty();
    }
}
