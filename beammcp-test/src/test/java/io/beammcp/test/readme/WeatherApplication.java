package io.beammcp.test.readme;

import io.beammcp.autoconfigure.http.McpAuthorization;
import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.annotation.McpToolParam;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/** The README's complete host, exactly as printed there. */
@SpringBootApplication
public class WeatherApplication {

    public static void main(String[] args) {
        SpringApplication.run(WeatherApplication.class, args);
    }

    @McpTool(description = "The current weather in a place, as one sentence.", readOnly = true)
    String getWeather(@McpToolParam(description = "A city, for example \"Lisbon\"") String place) {
        return "Sunny in " + place;
    }

    @Bean
    McpAuthorizer authorizer() {   // required for HTTP: decide who may call, before the body is read
        return request -> "Bearer s3cret".equals(request.header("Authorization"))
                ? McpAuthorization.permit() : McpAuthorization.deny("bad token");
    }
}
