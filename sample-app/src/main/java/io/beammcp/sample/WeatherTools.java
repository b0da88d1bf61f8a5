package io.beammcp.sample;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.beammcp.core.ToolView.Visibility;
import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.annotation.McpTool.Hint;
import io.beammcp.core.annotation.McpToolParam;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * The sample's tools. Each input schema is derived from the method's parameters, advertised and enforced
 * before the method runs, so the methods may trust their arguments; a record result is sent as structured
 * content with its derived output schema. Simulated data reaches no outside system: a closed world.
 */
@Component
class WeatherTools {

    enum Transport { @JsonProperty("train") TRAIN, @JsonProperty("car") CAR, @JsonProperty("plane") PLANE }

    record Destination(@NotBlank String city, @McpToolParam(description = "Helps tell apart cities of one name")
            @Nullable String country) {
    }

    /** One day of a forecast: 1 is tomorrow. */
    record Day(@Min(1) int day, int highC, int lowC) {
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

    /**
     * Hosts that support MCP Apps render the result with its view (declared in {@link WeatherLibrary}), which
     * calls the tool back, so its visibility names both; others show the result's text.
     */
    @McpTool(title = "Daily forecast", readOnly = true, idempotent = Hint.TRUE, openWorld = Hint.FALSE,
            description = "Daily high and low temperatures in °C for the next days (1 is tomorrow), as structured data.",
            view = "ui://weather/forecast", visibility = {Visibility.MODEL, Visibility.APP})
    Forecast forecast(@NotBlank String place,
            @Min(1) @Max(7) @McpToolParam(description = "How many days", defaultValue = "3") int days) {
        return weather.forecast(place, days);
    }

    @McpTool(name = "plan_trip", title = "Trip weather advice", readOnly = true, idempotent = Hint.TRUE,
            openWorld = Hint.FALSE, scopes = "weather:plan", description = "Weather advice for travelling to a city by"
                    + " train, car or plane: what to expect on arrival and what to take. Plans only; books nothing.")
    String planTrip(Destination destination, Transport transport) {
        return weather.trip(destination, transport);
    }
}
