package io.beammcp.sample;

import io.beammcp.core.Catalog;
import io.beammcp.core.Dispatch;
import io.beammcp.core.ToolAnnotations;
import io.beammcp.core.ToolMode;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.List;
import java.util.Map;

/**
 * The catalog of the sample (its tools here, its resources and prompts in {@link WeatherLibrary}), and how
 * it runs the tools. Each input schema is the contract: the server
 * refuses calls that break it before {@link Dispatch} runs, so the code below may trust its arguments.
 */
@Configuration(proxyBeanMethods = false)
class WeatherTools {

    /** Simulated data reaches no outside system: a closed world. */
    private static final ToolAnnotations CLOSED_WORLD = new ToolAnnotations(null, null, null, null, false);

    @Bean
    Catalog catalog() {
        return Catalog.of(List.of(getWeather(), planTrip(), forecast()), WeatherLibrary.RESOURCES,
                WeatherLibrary.PROMPTS);
    }

    @Bean
    Dispatch dispatch(Weather weather) {
        return (tool, arguments, context) -> switch (tool) {
            case "get_weather" -> ToolResult.of(weather.current((String) arguments.get("place")));
            case "plan_trip" -> {
                @SuppressWarnings("unchecked")
                Map<String, Object> destination = (Map<String, Object>) arguments.get("destination");
                yield ToolResult.of(weather.trip((String) destination.get("city"),
                        (String) destination.get("country"), (String) arguments.get("transport")));
            }
            case "forecast" -> {
                Number days = (Number) arguments.getOrDefault("days", 3);
                yield ToolResult.of(weather.forecast((String) arguments.get("place"), days.intValue()));
            }
            default -> throw new IllegalStateException("No such tool in the catalog: " + tool);
        };
    }

    private static ToolSpec getWeather() {
        return ToolSpec.builder("get_weather")
                .title("Current weather")
                .description("The current sky, temperature and wind in a place, as one sentence.")
                .inputSchema("""
                        {"type": "object",
                         "properties": {
                           "place": {"type": "string", "minLength": 1,
                                     "description": "A city or region, for example \\"Lisbon\\""}},
                         "required": ["place"],
                         "additionalProperties": false}
                        """)
                .mode(ToolMode.READ_ONLY)
                .annotations(CLOSED_WORLD)
                .build();
    }

    private static ToolSpec planTrip() {
        return ToolSpec.builder("plan_trip")
                .title("Trip weather advice")
                .description("Weather advice for travelling to a city by train, car or plane: what to expect on"
                        + " arrival and what to take. Plans only; books nothing.")
                .inputSchema("""
                        {"type": "object",
                         "properties": {
                           "destination": {"type": "object",
                             "properties": {
                               "city": {"type": "string", "minLength": 1},
                               "country": {"type": "string", "description": "Helps tell apart cities of one name"}},
                             "required": ["city"],
                             "additionalProperties": false},
                           "transport": {"enum": ["train", "car", "plane"]}},
                         "required": ["destination", "transport"],
                         "additionalProperties": false}
                        """)
                .mode(ToolMode.READ_ONLY)
                .annotations(CLOSED_WORLD)
                .build();
    }

    private static ToolSpec forecast() {
        return ToolSpec.builder("forecast")
                .title("Daily forecast")
                .description("Daily high and low temperatures in °C for the next days (1 is tomorrow), as"
                        + " structured data.")
                .inputSchema("""
                        {"type": "object",
                         "properties": {
                           "place": {"type": "string", "minLength": 1},
                           "days": {"type": "integer", "minimum": 1, "maximum": 7, "default": 3,
                                    "description": "How many days, 3 when omitted"}},
                         "required": ["place"],
                         "additionalProperties": false}
                        """)
                .outputSchema("""
                        {"type": "object",
                         "properties": {
                           "place": {"type": "string"},
                           "days": {"type": "array",
                             "items": {"type": "object",
                               "properties": {
                                 "day": {"type": "integer", "minimum": 1},
                                 "highC": {"type": "integer"},
                                 "lowC": {"type": "integer"}},
                               "required": ["day", "highC", "lowC"]}}},
                         "required": ["place", "days"]}
                        """)
                .mode(ToolMode.READ_ONLY)
                .annotations(CLOSED_WORLD)
                .build();
    }
}
