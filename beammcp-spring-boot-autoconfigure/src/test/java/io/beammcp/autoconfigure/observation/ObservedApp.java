package io.beammcp.autoconfigure.observation;

import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.Content;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.PromptArgument;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.catalog.PromptRenderer;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ToolErrorException;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

import java.util.List;

/**
 * A whole application as a team would run it: Actuator, the Prometheus registry and Micrometer Tracing over
 * OpenTelemetry (spans kept in memory), serving {@code echo}, {@code fails} (a tool error), {@code traced}
 * (which opens a span of its own, as a JDBC or HTTP client would) and the prompt {@code greet}.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
class ObservedApp {

    static final String TEXT_SCHEMA = "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}";
    private static final Logger log = LoggerFactory.getLogger(ObservedApp.class);

    @Bean
    InMemorySpanExporter spanExporter() {
        return InMemorySpanExporter.create();
    }

    @Bean
    Catalog catalog() {
        return Catalog.of(List.of(ToolSpec.builder("echo").title("Echo").readOnly().inputSchema(TEXT_SCHEMA).build(),
                ToolSpec.builder("fails").inputSchema(TEXT_SCHEMA).build(),
                ToolSpec.builder("traced").build()), List.of(),
                List.of(new PromptSpec("greet", "Greeting", null, List.of(),
                        List.of(PromptArgument.optional("who", null)))));
    }

    @Bean
    PromptRenderer promptRenderer() {
        return (name, arguments, context) -> PromptResult.of(PromptMessage.user(Content.text("hello")));
    }

    @Bean
    Dispatch dispatch(Tracer tracer) {
        return (tool, arguments, context) -> {
            log.debug("Running tool {}", tool);
            switch (tool) {
                case "fails" -> throw new ToolErrorException("it failed");
                case "traced" -> {
                    Span span = tracer.nextSpan().name("host-work").start();
                    try (Tracer.SpanInScope scope = tracer.withSpan(span)) {
                        return ToolResult.of("traced");
                    } finally {
                        span.end();
                    }
                }
                default -> {
                    return ToolResult.of("echoed " + String.valueOf(arguments.get("text")).length() + " chars");
                }
            }
        };
    }

    @Bean
    McpAuthorizer mcpAuthorizer() {
        return McpAuthorizer.permitAll();
    }
}
