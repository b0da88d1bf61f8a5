package io.beammcp.benchmarks.bare;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The HTTP baseline of the benchmarks: the same kind of application as the sample (Spring Boot, Spring MVC on
 * Tomcat, Jackson 3, bound to 127.0.0.1, the same name, banner and log level), with one bare
 * {@code @RestController} in place of the MCP server. Start it with {@code --server.port=N}.
 */
@SpringBootApplication
public class BareApplication {

    /**
     * Starts the application.
     *
     * @param args command-line arguments, such as {@code --server.port=8080}
     */
    public static void main(String[] args) {
        SpringApplication.run(BareApplication.class, args);
    }
}
