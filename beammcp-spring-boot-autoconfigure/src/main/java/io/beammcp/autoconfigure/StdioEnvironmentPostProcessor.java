package io.beammcp.autoconfigure;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import java.util.Map;

/**
 * Keeps standard output for the protocol when {@code beammcp.transport=stdio}, before the banner is
 * printed and logging starts: no web server, no banner unless the application asks for one, and
 * {@code System.out} routed to standard error, which carries the console log, the banner and any stray
 * print. Runs after the application's configuration files are loaded, so the transport may be set there
 * as well as on the command line.
 */
final class StdioEnvironmentPostProcessor implements EnvironmentPostProcessor {

    static final String FORCED = "beammcpStdio";
    static final String DEFAULTS = "beammcpStdioDefaults";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        if (!"stdio".equalsIgnoreCase(environment.getProperty("beammcp.transport"))) {
            return;
        }
        environment.getPropertySources()
                .addFirst(new MapPropertySource(FORCED, Map.of("spring.main.web-application-type", "none")));
        environment.getPropertySources()
                .addLast(new MapPropertySource(DEFAULTS, Map.of("spring.main.banner-mode", "off")));
        System.out.flush();
        System.setOut(System.err);
    }
}
