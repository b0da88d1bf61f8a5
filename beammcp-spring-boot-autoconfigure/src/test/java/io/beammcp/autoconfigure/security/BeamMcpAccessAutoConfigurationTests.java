package io.beammcp.autoconfigure.security;

import io.beammcp.core.spi.McpAccessPolicy;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.AuthorityUtils;

import static org.assertj.core.api.Assertions.assertThat;

class BeamMcpAccessAutoConfigurationTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeamMcpAccessAutoConfiguration.class));

    @Test
    void theDefaultPolicyGrantsAScopeExactlyForItsScopeAuthorityOverHttpAndStdio() {
        for (String transport : new String[] {"http", "stdio"}) {
            runner.withPropertyValues("beammcp.transport=" + transport).run(context -> {
                assertThat(context).hasSingleBean(McpAccessPolicy.class);
                McpAccessPolicy policy = context.getBean(McpAccessPolicy.class);
                assertThat(policy).isInstanceOf(AuthorityScopes.class);
                var alice = UsernamePasswordAuthenticationToken.authenticated("alice", null,
                        AuthorityUtils.createAuthorityList("SCOPE_files:read", "ROLE_files:write", "files:write"));
                assertThat(policy.grants(alice, "files:read")).isTrue();
                assertThat(policy.grants(alice, "files:write")).isFalse();
                assertThat(policy.grants(alice, "files")).isFalse();
                assertThat(policy.grants(UsernamePasswordAuthenticationToken.unauthenticated("alice", "pw"),
                        "files:read")).isFalse();
                assertThat(policy.grants(() -> "SCOPE_files:read", "files:read")).isFalse();
                assertThat(policy.grants(null, "files:read")).isFalse();
                assertThat(policy.sees(alice, McpAccessPolicy.Kind.TOOL, "anything")).isTrue();
            });
        }
    }

    @Test
    void aPolicyOfTheApplicationReplacesIt() {
        McpAccessPolicy own = (principal, scope) -> true;
        runner.withBean(McpAccessPolicy.class, () -> own).run(context -> {
            assertThat(context).hasSingleBean(McpAccessPolicy.class);
            assertThat(context.getBean(McpAccessPolicy.class)).isSameAs(own);
            assertThat(context).doesNotHaveBean(AuthorityScopes.class);
        });
    }
}
