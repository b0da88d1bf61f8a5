package io.beammcp.sample;

import io.beammcp.core.Completer;
import io.beammcp.core.Content;
import io.beammcp.core.PromptArgument;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.PromptRenderer;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceEntry;
import io.beammcp.core.ResourceReader;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ResourceTemplateSpec;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * The sample's resources (a station list, a map image, and the weather of any place through a template),
 * its one prompt, and completion of place names. The server reads only the URIs listed here or matched
 * by the template, and renders only the listed prompt with its declared argument.
 */
@Configuration(proxyBeanMethods = false)
class WeatherLibrary {

    static final List<String> PLACES = List.of("Amsterdam", "Athens", "Berlin", "Bergen", "Lisbon", "London",
            "Madrid", "Oslo", "Paris", "Prague", "Rome", "Vienna");

    /** A 1×1 PNG standing in for a weather map. */
    private static final byte[] MAP = Base64.getDecoder().decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");

    private static final String PLACE_TEMPLATE = "weather://place/{name}";
    private static final String PLACE_PREFIX = "weather://place/";

    static final List<ResourceEntry> RESOURCES = List.of(
            ResourceSpec.builder("weather://stations", "stations").title("Weather stations")
                    .description("The places this server knows, one per line.").mimeType("text/plain").build(),
            ResourceSpec.builder("weather://maps/europe.png", "europe-map").title("Map of Europe")
                    .description("Today's weather map of Europe.").mimeType("image/png").size(MAP.length).build(),
            ResourceTemplateSpec.builder(PLACE_TEMPLATE, "place-weather").title("Weather in a place")
                    .description("The current weather in a place, as JSON.").mimeType("application/json").build());

    static final List<PromptSpec> PROMPTS = List.of(
            PromptSpec.of("packing_list", "A packing list for a trip, based on the weather at the destination.",
                    PromptArgument.required("destination", "Where the trip goes, for example \"Oslo\"")));

    @Bean
    ResourceReader resourceReader(Weather weather) {
        return (uri, context) -> {
            if (uri.equals("weather://stations")) {
                return ReadResult.of(ResourceContents.text(uri, "text/plain", String.join("\n", PLACES)));
            }
            if (uri.equals("weather://maps/europe.png")) {
                return ReadResult.of(ResourceContents.blob(uri, "image/png", MAP));
            }
            // the server only calls with listed URIs or ones the place template matches
            String place = URLDecoder.decode(uri.substring(PLACE_PREFIX.length()), StandardCharsets.UTF_8);
            String json = "{\"place\":\"" + place.replace("\\", "\\\\").replace("\"", "\\\"") + "\",\"now\":\""
                    + weather.current(place) + "\"}";
            return ReadResult.of(ResourceContents.text(uri, "application/json", json));
        };
    }

    @Bean
    PromptRenderer promptRenderer(Weather weather) {
        return (name, arguments, context) -> {
            String destination = arguments.get("destination");
            return new PromptResult("Packing list for " + destination, List.of(
                    PromptMessage.user(Content.text("I am travelling to " + destination + ". The weather there: "
                            + weather.current(destination) + " What should I pack?"))));
        };
    }

    @Bean
    Completer completer() {
        return (reference, argument, partial, context) -> PLACES.stream()
                .filter(place -> place.toLowerCase(Locale.ROOT).startsWith(partial.toLowerCase(Locale.ROOT)))
                .toList();
    }
}
