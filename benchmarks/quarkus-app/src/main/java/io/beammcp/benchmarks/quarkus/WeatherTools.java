package io.beammcp.benchmarks.quarkus;

import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import jakarta.inject.Singleton;

import java.util.Locale;

/** The sample's get_weather tool, computing the same sentence, so that both servers do the same host work. */
@Singleton
public class WeatherTools {

    private static final String[] SKIES = {"sunny", "partly cloudy", "cloudy", "light rain", "showers", "windy"};

    @Tool(name = "get_weather", description = "The current sky, temperature and wind in a place, as one sentence.")
    public String getWeather(@ToolArg(description = "A city or region, for example \"Lisbon\"") String place) {
        int seed = Math.floorMod(place.strip().toLowerCase(Locale.ROOT).hashCode(), 1_000_003);
        return "%s: %s, %d °C, wind %d km/h".formatted(place.strip(), SKIES[seed % SKIES.length],
                8 + (seed / 7) % 22, 5 + seed % 30);
    }
}
