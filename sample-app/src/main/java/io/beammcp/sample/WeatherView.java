package io.beammcp.sample;

import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceBinding;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ToolBinding;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The forecast tool with its MCP Apps view ({@code io.modelcontextprotocol/ui}): a card that hosts render from
 * the tool's result in a sandboxed iframe, and that calls the tool back through the host. Both are bindings,
 * since an annotated tool carries no {@code _meta}.
 */
@Configuration(proxyBeanMethods = false)
class WeatherView {

    static final String VIEW = "ui://weather/forecast";
    static final String APP_HTML = "text/html;profile=mcp-app";

    private static final String INPUT = """
            {"type":"object","properties":{
              "place":{"type":"string","minLength":1,"pattern":"\\\\S","description":"Not blank."},
              "days":{"type":"integer","minimum":1,"maximum":7,"description":"How many days. From 1 to 7; default 3.",
                      "default":3}},
             "required":["place"],"additionalProperties":false}""";
    private static final String OUTPUT = """
            {"type":"object","properties":{
              "place":{"type":"string"},
              "days":{"type":"array","items":{"type":"object","properties":{
                "day":{"type":"integer","minimum":1},"highC":{"type":"integer"},"lowC":{"type":"integer"}},
                "required":["day","highC","lowC"],"additionalProperties":false}}},
             "required":["place","days"],"additionalProperties":false}""";

    /** Hosts render the result with the view; the view may call the tool too, so visibility names both. */
    @Bean
    ToolBinding forecast(Weather weather) {
        return ToolBinding.of(ToolSpec.builder("forecast").title("Daily forecast")
                .description("Daily high and low temperatures in °C for the next days (1 is tomorrow), as structured data.")
                .inputSchema(INPUT).outputSchema(OUTPUT).readOnly().idempotent().openWorld(false)
                .meta(Map.of("ui", Map.of("resourceUri", VIEW, "visibility", List.of("model", "app")),
                        "ui/resourceUri", VIEW))
                .build(), (arguments, context) -> ToolResult.of(weather.forecast((String) arguments.get("place"),
                        ((Number) arguments.getOrDefault("days", 3)).intValue())));
    }

    /** Read once: hosts pin the view by its hash, so its bytes never change while the server runs. */
    @Bean
    ResourceBinding forecastView() throws IOException {
        String html = new ClassPathResource("mcp/apps/forecast.html").getContentAsString(StandardCharsets.UTF_8);
        return ResourceBinding.of(ResourceSpec.builder(VIEW, "forecast-view").title("Forecast card")
                        .description("The forecast tool's view: a card of daily highs and lows.").mimeType(APP_HTML).build(),
                (uri, context) -> ReadResult.of(ResourceContents.text(uri, APP_HTML, html)));
    }
}
