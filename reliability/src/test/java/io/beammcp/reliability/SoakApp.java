package io.beammcp.reliability;

import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

import java.util.List;

/**
 * The server of {@link SoakTest}, as its own process: {@code echo}, a {@code block} tool that waits until its
 * time limit ends it, and a tool list that changes every second, so open streams always have something to
 * send.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@EnableScheduling
public class SoakApp {

    static final String ECHO_SCHEMA = "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},"
            + "\"required\":[\"text\"]}";

    private final CatalogChanges changes = new CatalogChanges();

    public static void main(String[] args) {
        SpringApplication.run(SoakApp.class, args);
    }

    @Bean
    CatalogChanges catalogChanges() {
        return changes;
    }

    @Bean
    Catalog catalog() {
        return Catalog.of(List.of(ToolSpec.builder("echo").description("Echoes text").inputSchema(ECHO_SCHEMA).build(),
                ToolSpec.builder("block").description("Waits until its time limit").build()));
    }

    @Bean
    Dispatch dispatch() {
        return (tool, arguments, context) -> {
            if (tool.equals("block")) {
                Thread.sleep(60_000);
            }
            return ToolResult.of(String.valueOf(arguments.get("text")));
        };
    }

    @Bean
    McpAuthorizer authorizer() {
        return McpAuthorizer.permitAll();
    }

    @Scheduled(fixedRate = 1000)
    void change() {
        changes.toolsChanged();
    }
}
