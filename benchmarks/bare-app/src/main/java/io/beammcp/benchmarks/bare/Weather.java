package io.beammcp.benchmarks.bare;

import java.util.Locale;

/** The sample's simulated weather sentence, computed the same way, so that both apps do the same host work. */
final class Weather {

    private static final String[] SKIES = {"sunny", "partly cloudy", "cloudy", "light rain", "showers", "windy"};

    private Weather() {
    }

    static String current(String place) {
        int seed = Math.floorMod(place.strip().toLowerCase(Locale.ROOT).hashCode(), 1_000_003);
        return "%s: %s, %d °C, wind %d km/h".formatted(place.strip(), SKIES[seed % SKIES.length],
                8 + (seed / 7) % 22, 5 + seed % 30);
    }
}
