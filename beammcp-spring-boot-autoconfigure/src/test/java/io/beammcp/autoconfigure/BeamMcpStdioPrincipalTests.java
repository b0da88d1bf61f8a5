package io.beammcp.autoconfigure;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.server.McpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The stdio principal ({@code beammcp.stdio.principal.*}), as host code sees it over the wire. */
@Timeout(30)
class BeamMcpStdioPrincipalTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeamMcpAutoConfiguration.class,
                    BeamMcpStdioAutoConfiguration.class))
            .withUserConfiguration(WhoHost.class).withPropertyValues("beammcp.transport=stdio");

    @Test
    void withoutThePropertyThereIsNoPrincipal() {
        runner.run(context -> assertThat(whoami(context)).isEqualTo("context=none holder=none"));
    }

    @Test
    void thePropertyNamesThePrincipalAndItsAuthoritiesInTheSecurityContext() {
        runner.withPropertyValues("beammcp.stdio.principal.name=ops",
                "beammcp.stdio.principal.authorities=ROLE_ADMIN,ROLE_USER")
                .run(context -> assertThat(whoami(context))
                        .isEqualTo("context=ops holder=ops [ROLE_ADMIN, ROLE_USER]"));
    }

    /** One stdio call of {@code whoami}, to the end of input; the text of its result. */
    private static String whoami(ConfigurableApplicationContext context) throws Exception {
        byte[] input = (Wire.modern(1, "tools/call", "\"name\":\"whoami\"") + "\n").getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CompletableFuture<Integer> status = new CompletableFuture<>();
        BeamMcpStdioAutoConfigurationTests.ready(BeamMcpStdioAutoConfiguration.runner(context.getBean(McpServer.class),
                context, context.getEnvironment(), context.getBean(BeamMcpStdioProperties.class),
                new ByteArrayInputStream(input), out, status::complete), context);
        assertThat(status.get(10, TimeUnit.SECONDS)).isZero();
        String line = out.toString(StandardCharsets.UTF_8).trim();
        return Wire.parse(line).at("/result/content/0/text").stringValue();
    }

    @Configuration(proxyBeanMethods = false)
    static class WhoHost {

        @Bean
        Catalog catalog() {
            return Catalog.of(List.of(ToolSpec.builder("whoami").description("Who calls").build()));
        }

        @Bean
        Dispatch dispatch() {
            return (tool, arguments, context) -> {
                Principal principal = context.principal();
                Authentication holder = SecurityContextHolder.getContext().getAuthentication();
                return ToolResult.of("context=" + (principal == null ? "none" : principal.getName()) + " holder="
                        + (holder == null ? "none" : holder.getName() + " "
                                + holder.getAuthorities().stream().map(GrantedAuthority::getAuthority).toList()));
            };
        }
    }
}
