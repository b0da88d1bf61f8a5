package io.beammcp.oauth;

import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.autoconfigure.security.BeamMcpSecurityAutoConfiguration;
import io.beammcp.autoconfigure.security.oauth2.BeamMcpOAuth2AutoConfiguration;
import io.beammcp.autoconfigure.security.oauth2.BeamMcpReactiveOAuth2AutoConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.reactive.ReactiveWebSecurityAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.server.SecurityWebFilterChain;
import reactor.core.publisher.Mono;

import static org.assertj.core.api.Assertions.assertThat;

class BeamMcpOAuth2AutoConfigurationTests {

    private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(SecurityAutoConfiguration.class,
                    ServletWebSecurityAutoConfiguration.class, BeamMcpSecurityAutoConfiguration.class,
                    BeamMcpOAuth2AutoConfiguration.class));

    @Test
    void withoutAResourceTheEndpointGetsNoOAuthChain() {
        runner.withBean(JwtDecoder.class, () -> token -> {
            throw new IllegalStateException("not used");
        }).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean("mcpOAuth2SecurityFilterChain");
        });
    }

    @Test
    void aResourceWithTheApplicationsJwtDecoderGetsTheChainAndTheAuthenticatedCallerRule() {
        runner.withPropertyValues("beammcp.http.oauth2.resource=https://mcp.example.com/mcp",
                "beammcp.http.oauth2.authorization-servers=https://issuer.example.com")
                .withBean(JwtDecoder.class, () -> token -> {
                    throw new IllegalStateException("not used");
                }).run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).hasBean("mcpOAuth2SecurityFilterChain");
                    assertThat(context.getBean("mcpOAuth2SecurityFilterChain")).isInstanceOf(SecurityFilterChain.class);
                    assertThat(context).hasSingleBean(McpAuthorizer.class);
                });
    }

    @Test
    void aResourceWithNeitherDecoderNorIntrospectorFailsNamingTheProperties() {
        runner.withPropertyValues("beammcp.http.oauth2.resource=https://mcp.example.com/mcp",
                "beammcp.http.oauth2.authorization-servers=https://issuer.example.com").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure())
                    .hasStackTraceContaining("neither a JwtDecoder nor an OpaqueTokenIntrospector")
                    .hasStackTraceContaining("spring.security.oauth2.resourceserver.jwt.issuer-uri");
        });
    }

    @Test
    void aResourceWithoutAnAuthorizationServerFailsNamingTheProperty() {
        runner.withPropertyValues("beammcp.http.oauth2.resource=https://mcp.example.com/mcp")
                .withBean(JwtDecoder.class, () -> token -> {
                    throw new IllegalStateException("not used");
                }).run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).hasStackTraceContaining(
                            "beammcp.http.oauth2.authorization-servers must name at least one issuer");
                });
    }

    // ---- the reactive transport ---------------------------------------------------------------------------

    private final ReactiveWebApplicationContextRunner reactive = new ReactiveWebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(ReactiveWebSecurityAutoConfiguration.class,
                    BeamMcpSecurityAutoConfiguration.class, BeamMcpReactiveOAuth2AutoConfiguration.class))
            .withBean(ReactiveJwtDecoder.class, () -> token -> Mono.error(new IllegalStateException("not used")));

    private final ReactiveWebApplicationContextRunner reactiveResource = reactive.withPropertyValues(
            "beammcp.http.oauth2.resource=https://mcp.example.com/mcp",
            "beammcp.http.oauth2.authorization-servers=https://issuer.example.com");

    @Test
    void aReactiveApplicationsDecoderGetsTheReactiveChainAndNoServletOne() {
        reactiveResource.run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean("mcpOAuth2SecurityWebFilterChain")).isInstanceOf(SecurityWebFilterChain.class);
            assertThat(context).doesNotHaveBean("mcpOAuth2SecurityFilterChain");
            assertThat(context).hasSingleBean(McpAuthorizer.class);
        });
        reactive.run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean("mcpOAuth2SecurityWebFilterChain");
        });
    }

    @Test
    void aReactiveResourceWithNeitherDecoderNorIntrospectorFailsNamingTheProperties() {
        new ReactiveWebApplicationContextRunner().withConfiguration(AutoConfigurations.of(
                ReactiveWebSecurityAutoConfiguration.class, BeamMcpReactiveOAuth2AutoConfiguration.class))
                .withPropertyValues("beammcp.http.oauth2.resource=https://mcp.example.com/mcp",
                        "beammcp.http.oauth2.authorization-servers=https://issuer.example.com").run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure())
                            .hasStackTraceContaining("neither a ReactiveJwtDecoder nor a ReactiveOpaqueTokenIntrospector")
                            .hasStackTraceContaining("spring.security.oauth2.resourceserver.jwt.issuer-uri");
                });
    }
}
