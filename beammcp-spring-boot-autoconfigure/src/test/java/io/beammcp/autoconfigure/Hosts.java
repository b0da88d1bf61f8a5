package io.beammcp.autoconfigure;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.util.List;

/** Host beans for the tests: two tools, {@code echo} and {@code shout}. */
final class Hosts {

    private Hosts() {
    }

    static final String TEXT_SCHEMA =
            "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}";

    @Configuration(proxyBeanMethods = false)
    static class CatalogOnly {

        @Bean
        Catalog catalog() {
            return Catalog.of(List.of(ToolSpec.builder("echo").inputSchema(TEXT_SCHEMA).build(),
                    ToolSpec.builder("shout").inputSchema(TEXT_SCHEMA).build()));
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class DispatchOnly {

        @Bean
        Dispatch dispatch() {
            return (tool, arguments, context) -> {
                String text = (String) arguments.get("text");
                return ToolResult.of("shout".equals(tool) ? text.toUpperCase() : text);
            };
        }
    }
}
