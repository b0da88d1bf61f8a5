package io.beammcp.reliability;

import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

import java.util.List;

/**
 * A host whose one tool takes two seconds and says on standard error when it starts. Run as its own process
 * by {@link StdioSigtermTest}.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
public class SlowStdioHost {

    static final String STARTED = "slow tool started";

    public static void main(String[] args) {
        SpringApplication.run(SlowStdioHost.class, args);
    }

    @Bean
    Catalog catalog() {
        return Catalog.of(List.of(ToolSpec.builder("slow").description("Takes two seconds").build()));
    }

    @Bean
    Dispatch dispatch() {
        return (tool, arguments, context) -> {
            System.err.println(STARTED);
            Thread.sleep(2_000);
            return ToolResult.of("slow done " + context.requestId());
        };
    }

    @Bean
    McpAuthorizer authorizer() {
        return McpAuthorizer.permitAll();
    }
}
