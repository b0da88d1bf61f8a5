package io.beammcp.conformance;

import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.core.Catalog;
import io.beammcp.core.Dispatch;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The fixture host the official conformance suite drives: FIXTURE.md's tools, resources and prompts,
 * written with the public starter API only, served on loopback.
 */
@SpringBootApplication
public class ConformanceApplication {

    public static void main(String[] args) {
        SpringApplication.run(ConformanceApplication.class, args);
    }

    @Bean
    Catalog catalog() {
        return Catalog.of(FixtureTools.TOOLS, FixtureResources.RESOURCES, FixturePrompts.PROMPTS);
    }

    @Bean
    Dispatch dispatch() {
        return new FixtureTools();
    }

    @Bean
    FixtureResources resources() {
        return new FixtureResources();
    }

    @Bean
    FixturePrompts prompts() {
        return new FixturePrompts();
    }

    /** The suite authenticates nothing; the server only listens on loopback. */
    @Bean
    McpAuthorizer authorizer() {
        return McpAuthorizer.permitAll();
    }
}
