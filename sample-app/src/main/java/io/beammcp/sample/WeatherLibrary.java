package io.beammcp.sample;

import io.beammcp.core.Content;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.PromptResult;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceBinding;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ViewResource;
import io.beammcp.core.annotation.McpComplete;
import io.beammcp.core.annotation.McpPrompt;
import io.beammcp.core.annotation.McpPromptArg;
import io.beammcp.core.annotation.McpResource;
import io.beammcp.core.annotation.McpResourceTemplate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * The sample's resources (a station list, the weather of any place through a template, a map image declared
 * the programmatic way and the forecast's view), its one prompt, and completion of place names.
 */
@Configuration(proxyBeanMethods = false)
class WeatherLibrary {

    static final List<String> PLACES = List.of("Amsterdam", "Athens", "Berlin", "Bergen", "Lisbon", "London",
            "Madrid", "Oslo", "Paris", "Prague", "Rome", "Vienna");

    /** A 1×1 PNG standing in for a weather map. */
    private static final byte[] MAP = Base64.getDecoder().decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");

    record PlaceWeather(String place, String now) {
    }

    private final Weather weather;
    private final JsonMapper json;

    WeatherLibrary(Weather weather, JsonMapper json) {
        this.weather = weather;
        this.json = json;
    }

    @McpResource(uri = "weather://stations", name = "stations", title = "Weather stations",
            description = "The places this server knows, one per line.", mimeType = "text/plain")
    String stations() {
        return String.join("\n", PLACES);
    }

    @McpResourceTemplate(uriTemplate = "weather://place/{name}", name = "place-weather", title = "Weather in a place",
            description = "The current weather in a place, as JSON.", mimeType = "application/json")
    String place(String name) {
        return json.writeValueAsString(new PlaceWeather(name, weather.current(name)));
    }

    @McpPrompt(name = "packing_list", description = "A packing list for a trip, based on the weather at the destination.")
    PromptResult packingList(@McpPromptArg(description = "Where the trip goes, for example \"Oslo\"") String destination) {
        return new PromptResult("Packing list for " + destination, List.of(PromptMessage.user(Content.text(
                "I am travelling to " + destination + ". The weather there: " + weather.current(destination)
                        + " What should I pack?"))));
    }

    @McpComplete(prompt = "packing_list", argument = "destination")
    List<String> places(String partial) {
        return PLACES.stream().filter(place -> place.toLowerCase(Locale.ROOT).startsWith(partial.toLowerCase(Locale.ROOT)))
                .toList();
    }

    /** The programmatic way, for hosts that build what they offer from data: a spec bound to its reader. */
    @Bean
    ResourceBinding europeMap() {
        return ResourceBinding.of(ResourceSpec.builder("weather://maps/europe.png", "europe-map").title("Map of Europe")
                .description("Today's weather map of Europe.").mimeType("image/png").size(MAP.length).build(),
                (uri, context) -> ReadResult.of(ResourceContents.blob(uri, "image/png", MAP)));
    }

    /**
     * The forecast tool's MCP Apps view: a self-contained card (inline script and style, so it asks the host for
     * no origin) whose HTML sits by convention at {@code classpath:mcp/apps/weather/forecast.html}.
     */
    @Bean
    ResourceBinding forecastView() {
        return ViewResource.builder("ui://weather/forecast").listedAs("forecast-view", "Forecast card",
                "The forecast tool's view: a card of daily highs and lows.").prefersBorder(true).build();
    }
}
