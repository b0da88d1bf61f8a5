package io.beammcp.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;

/**
 * A weather host: three tools (the forecast with an MCP Apps view), four resources and a prompt over simulated
 * data, annotated methods and bindings, served over HTTP by default or over stdio with
 * {@code --beammcp.transport=stdio}. Its cluster profile shares sessions and notifications between instances
 * on PostgreSQL ({@link WeatherCluster}).
 */
@SpringBootApplication(exclude = DataSourceAutoConfiguration.class)
public class WeatherApplication {

    /**
     * Starts the application.
     *
     * @param args command-line arguments, such as {@code --beammcp.transport=stdio}
     */
    public static void main(String[] args) {
        SpringApplication.run(WeatherApplication.class, args);
    }
}
