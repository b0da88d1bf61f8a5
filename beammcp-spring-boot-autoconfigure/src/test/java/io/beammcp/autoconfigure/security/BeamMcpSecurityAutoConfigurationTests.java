package io.beammcp.autoconfigure.security;

import io.beammcp.autoconfigure.BeamMcpAutoConfiguration;
import io.beammcp.autoconfigure.BeamMcpStdioAutoConfiguration;
import io.beammcp.autoconfigure.http.McpAuthorization;
import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.autoconfigure.http.McpContextPropagation;
import io.beammcp.autoconfigure.http.McpRequestHead;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.SecurityFilterChain;

import java.security.Principal;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class BeamMcpSecurityAutoConfigurationTests {

    private final WebApplicationContextRunner http = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeamMcpSecurityAutoConfiguration.class));

    @AfterEach
    void clear() {
        SecurityContextHolder.clearContext();
    }

    @Test
    void theDefaultAuthorizerAdmitsOnlyAnAuthenticatedUser() {
        http.run(context -> {
            McpAuthorizer authorizer = context.getBean(McpAuthorizer.class);
            assertThat(authorizer.authorize(null).isPermitted()).isFalse();
            SecurityContextHolder.getContext().setAuthentication(new AnonymousAuthenticationToken("key", "anonymous",
                    AuthorityUtils.createAuthorityList("ROLE_ANONYMOUS")));
            assertThat(authorizer.authorize(null).isPermitted()).isFalse();
            SecurityContextHolder.getContext().setAuthentication(
                    UsernamePasswordAuthenticationToken.unauthenticated("alice", "pw"));
            assertThat(authorizer.authorize(null).isPermitted()).isFalse();
            SecurityContextHolder.getContext().setAuthentication(UsernamePasswordAuthenticationToken.authenticated(
                    "alice", null, AuthorityUtils.createAuthorityList("ROLE_USER")));
            assertThat(authorizer.authorize(null).isPermitted()).isTrue();
        });
    }

    @Test
    void anAuthorizerOfTheApplicationWins() {
        http.withBean(McpAuthorizer.class, McpAuthorizer::permitAll).run(context -> {
            assertThat(context).hasSingleBean(McpAuthorizer.class);
            assertThat(context.getBean(McpAuthorizer.class)).isNotInstanceOf(AuthenticatedAuthorizer.class);
            assertThat(context.getBean(McpAuthorizer.class).authorize(null)).isSameAs(McpAuthorization.permit());
        });
    }

    @Test
    void nothingForStdio() {
        http.withPropertyValues("beammcp.transport=stdio").run(context -> {
            assertThat(context).doesNotHaveBean(McpAuthorizer.class);
            assertThat(context).doesNotHaveBean(McpContextPropagation.class);
        });
    }

    @Test
    void theAdmittingThreadsSecurityContextIsCarriedToAnotherThread() {
        http.run(context -> {
            McpContextPropagation propagation = context.getBean(McpContextPropagation.class);
            SecurityContextHolder.getContext().setAuthentication(UsernamePasswordAuthenticationToken.authenticated(
                    "alice", null, AuthorityUtils.createAuthorityList("ROLE_USER")));
            Executor captured = propagation.capture();
            SecurityContextHolder.clearContext();
            CompletableFuture<String> seen = new CompletableFuture<>();
            CompletableFuture<String> after = new CompletableFuture<>();
            Thread reader = new Thread(() -> {
                captured.execute(() -> seen.complete(SecurityContextHolder.getContext().getAuthentication().getName()));
                after.complete(String.valueOf(SecurityContextHolder.getContext().getAuthentication()));
            });
            reader.start();
            assertThat(seen.get(5, TimeUnit.SECONDS)).isEqualTo("alice");
            // and the thread, a container's, is left as it was
            assertThat(after.get(5, TimeUnit.SECONDS)).isEqualTo("null");
        });
    }

    @Test
    void onTheReactiveTransportTheDefaultAuthorizerJudgesTheRequestsPrincipal() {
        new ReactiveWebApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(BeamMcpSecurityAutoConfiguration.class)).run(context -> {
                    McpAuthorizer authorizer = context.getBean(McpAuthorizer.class);
                    assertThat(context).doesNotHaveBean(McpContextPropagation.class);
                    assertThat(authorizer.authorize(head(null)).isPermitted()).isFalse();
                    assertThat(authorizer.authorize(head(new AnonymousAuthenticationToken("key", "anonymous",
                            AuthorityUtils.createAuthorityList("ROLE_ANONYMOUS")))).isPermitted()).isFalse();
                    assertThat(authorizer.authorize(head(UsernamePasswordAuthenticationToken.unauthenticated("alice",
                            "pw"))).isPermitted()).isFalse();
                    assertThat(authorizer.authorize(head(UsernamePasswordAuthenticationToken.authenticated("alice",
                            null, AuthorityUtils.createAuthorityList("ROLE_USER")))).isPermitted()).isTrue();
                });
    }

    /** A request whose only property is its principal. */
    private static McpRequestHead head(Principal principal) {
        return new McpRequestHead() {
            @Override
            public String method() {
                return "POST";
            }

            @Override
            public String path() {
                return "/mcp";
            }

            @Override
            public List<String> headers(String name) {
                return List.of();
            }

            @Override
            public String remoteAddress() {
                return "127.0.0.1";
            }

            @Override
            public int remotePort() {
                return 1;
            }

            @Override
            public boolean secure() {
                return false;
            }

            @Override
            public List<X509Certificate> clientCertificates() {
                return List.of();
            }

            @Override
            public Principal principal() {
                return principal;
            }
        };
    }

    // ---- stdio with a security chain --------------------------------------------------------------------

    private final ApplicationContextRunner stdio = new ApplicationContextRunner()
            .withUserConfiguration(ChainedHost.class).withPropertyValues("beammcp.transport=stdio");

    @Test
    void anApplicationWithASecurityFilterChainStartsOverStdio() {
        stdio.withConfiguration(AutoConfigurations.of(BeamMcpAutoConfiguration.class,
                BeamMcpStdioAutoConfiguration.class, BeamMcpStdioSecurityAutoConfiguration.class))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).doesNotHaveBean(SecurityFilterChain.class);
                });
    }

    @Test
    void withoutItTheChainCannotBeBuilt() {
        stdio.withConfiguration(AutoConfigurations.of(BeamMcpAutoConfiguration.class,
                BeamMcpStdioAutoConfiguration.class)).run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).hasStackTraceContaining("HttpSecurity");
                });
    }

    @Test
    void overHttpTheChainIsLeftAlone() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(BeamMcpStdioSecurityAutoConfiguration.class))
                .run(context -> assertThat(context).doesNotHaveBean("beamMcpStdioWithoutFilterChains"));
    }

    @Configuration(proxyBeanMethods = false)
    static class ChainedHost {

        @Bean
        SecurityFilterChain chain(HttpSecurity http) throws Exception {
            return http.build();
        }

        @Bean
        Catalog catalog() {
            return Catalog.of(List.of(ToolSpec.builder("echo").description("Echoes").build()));
        }

        @Bean
        Dispatch dispatch() {
            return (tool, arguments, context) -> ToolResult.of("echo");
        }
    }
}
