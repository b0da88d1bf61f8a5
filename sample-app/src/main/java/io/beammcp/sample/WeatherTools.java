package io.beammcp.sample;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.annotation.McpTool.Hint;
import io.beammcp.core.annotation.McpToolParam;
import jakarta.validation.constraints.NotBlank;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * The sample's annotated tools (the forecast, which comes with a view, is bound in {@link WeatherView}). Each
 * input schema is derived from the method's parameters, advertised and enforced before the method runs, so the
 * methods may trust their arguments. Simulated data reaches no outside system: a closed world.
 */
@Component
class WeatherTools {

    enum Transport { @JsonProperty("train") TRAIN, @JsonProperty("car") CAR, @JsonProperty("plane") PLANE }

    record Destination(@NotBlank String city, @McpToolParam(description = "Helps tell apart cities of one name")
            @Nullable String country) {
    }

    /** One day of a forecast: 1 is tomorrow. */
    record Day(int day, int highC, int lowC) {
    }

    /** The forecast tool's structured result. */
    record Forecast(String place, List<Day> days) {
    }

    private final Weather weather;

    WeatherTools(Weather weather) {
        this.weather = weather;
    }

    @McpTool(name = "get_weather", title = "Current weather", readOnly = true, idempotent = Hint.TRUE,
            openWorld = Hint.FALSE, description = "The current sky, temperature and wind in a place, as one sentence.")
    String getWeather(@NotBlank @McpToolParam(description = "A city or region, for example \"Lisbon\"") String place) {
        return weather.current(place);
    }

    @McpTool(name = "plan_trip", title = "Trip weather advice", readOnly = true, idempotent = Hint.TRUE,
            openWorld = Hint.FALSE, scopes = "weather:plan", description = "Weather advice for travelling to a city by"
                    + " train, car or plane: what to expect on arrival and what to take. Plans only; books nothing.")
    String planTrip(Destination destination, Transport transport) {
        return weather.trip(destination, transport);
    }
}
