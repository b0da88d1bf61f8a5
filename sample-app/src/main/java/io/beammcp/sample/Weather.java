package io.beammcp.sample;

import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
    WeatherTools.Forecast forecast(String place, int days) {
        int seed = seed(place);
        List<WeatherTools.Day> list = new ArrayList<>();
        for (int day = 1; day <= days; day++) {
            int high = temperature(seed, day);
            list.add(new WeatherTools.Day(day, high, high - 6 - (seed + day) % 5));
        }
        return new WeatherTools.Forecast(place.strip(), list);
    }

    /** Weather advice for a trip. */
    String trip(WeatherTools.Destination destination, WeatherTools.Transport transport) {
        String city = destination.city().strip();
        String where = destination.country() == null ? city : city + ", " + destination.country().strip();
        int seed = seed(city);
        String sky = SKIES[seed % SKIES.length];
        String advice = sky.contains("rain") || sky.equals("showers") ? "pack an umbrella"
                : transport == WeatherTools.Transport.PLANE ? "check for wind delays before leaving" : "enjoy the view";
        return "Trip to %s by %s: expect %s and %d °C on arrival; %s.".formatted(where,
                transport.name().toLowerCase(Locale.ROOT), sky, temperature(seed, 0), advice);
    }

    private static int seed(String place) {
        return Math.floorMod(place.strip().toLowerCase(Locale.ROOT).hashCode(), 1_000_003);
    }

    private static int temperature(int seed, int day) {
        return 8 + (seed / 7 + day * 3) % 22;
    }
}
