package io.beammcp.sample;

import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Simulated weather: the same place always gets the same weather, so the sample's answers are
 * reproducible.
 */
@Component
class Weather {

    private static final String[] SKIES = {"sunny", "partly cloudy", "cloudy", "light rain", "showers", "windy"};

    /** The current weather in a place, as a sentence. */
    String current(String place) {
        int seed = seed(place);
        return "%s: %s, %d °C, wind %d km/h".formatted(place.strip(), SKIES[seed % SKIES.length],
                temperature(seed, 0), 5 + seed % 30);
    }

    /** The forecast for the next {@code days} days: each day's number (1 is tomorrow), high and low. */
    Map<String, Object> forecast(String place, int days) {
        int seed = seed(place);
        List<Map<String, Object>> list = new ArrayList<>();
        for (int day = 1; day <= days; day++) {
            int high = temperature(seed, day);
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("day", day);
            entry.put("highC", high);
            entry.put("lowC", high - 6 - (seed + day) % 5);
            list.add(entry);
        }
        Map<String, Object> forecast = new LinkedHashMap<>();
        forecast.put("place", place.strip());
        forecast.put("days", list);
        return forecast;
    }

    /** Weather advice for a trip. */
    String trip(String city, String country, String transport) {
        String where = country == null ? city.strip() : city.strip() + ", " + country.strip();
        int seed = seed(city);
        String sky = SKIES[seed % SKIES.length];
        String advice = sky.contains("rain") || sky.equals("showers") ? "pack an umbrella"
                : "plane".equals(transport) ? "check for wind delays before leaving" : "enjoy the view";
        return "Trip to %s by %s: expect %s and %d °C on arrival; %s.".formatted(where, transport, sky,
                temperature(seed, 0), advice);
    }

    private static int seed(String place) {
        return Math.floorMod(place.strip().toLowerCase(Locale.ROOT).hashCode(), 1_000_003);
    }

    private static int temperature(int seed, int day) {
        return 8 + (seed / 7 + day * 3) % 22;
    }
}
