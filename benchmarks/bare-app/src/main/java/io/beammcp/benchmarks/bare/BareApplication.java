package io.beammcp.benchmarks.bare;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;

import java.util.Arrays;

/**
 * The baseline of the benchmarks: the same kind of application as the sample (Spring Boot, Spring MVC on
 * Tomcat, Jackson 3, bound to 127.0.0.1, the same name, banner and log level), with one bare
 * {@code @RestController} in place of the MCP server. Start it with {@code --server.port=N}; with
 * {@code --bare.transport=stdio} it starts no web server and answers lines of standard input instead
 * ({@link BareStdioRunner}), its console log on standard error, as the sample does over stdio.
 */
@SpringBootApplication
public class BareApplication {

    /**
     * Starts the application.
     *
     * @param args command-line arguments, such as {@code --server.port=8080} or {@code --bare.transport=stdio}
     */
    public static void main(String[] args) {
        SpringApplication application = new SpringApplication(BareApplication.class);
        if (Arrays.asList(args).contains("--bare.transport=stdio")) {
            System.setOut(System.err);
            application.setWebApplicationType(WebApplicationType.NONE);
            System.exit(SpringApplication.exit(application.run(args)));
        }
        application.run(args);
    }
}
