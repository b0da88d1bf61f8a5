package io.beammcp.cluster.jdbc;

import io.beammcp.autoconfigure.http.BeamMcpHttpAutoConfiguration;
import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.autoconfigure.http.McpSessionStore;
import io.beammcp.core.ToolResult;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.McpClusterLink;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

import javax.sql.DataSource;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;

class BeamMcpClusterJdbcAutoConfigurationTests {

    private final ApplicationContextRunner h2 = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                    BeamMcpClusterJdbcAutoConfiguration.class))
            .withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");

    @Test
    void offByDefaultEvenWithADataSource() {
        h2.run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(McpClusterLink.class);
            assertThat(context).doesNotHaveBean(McpSessionStore.class);
        });
        h2.withPropertyValues("beammcp.cluster.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(McpClusterLink.class));
    }

    @Test
    void enabledTheServerGetsTheLinkAndTheEndpointTheSharedStoreWithItsTables() {
        h2.withPropertyValues("beammcp.cluster.enabled=true").run(context -> {
            assertThat(context).getBean(McpClusterLink.class).isInstanceOf(PostgresClusterLink.class);
            assertThat(context).getBean(McpSessionStore.class).isInstanceOf(JdbcMcpSessionStore.class);
            McpSessionStore store = context.getBean(McpSessionStore.class);
            store.save("s1", new FakeSession("alice", "{}"));
            assertThat(JdbcClient.create(context.getBean(DataSource.class)).sql("SELECT owner FROM beammcp_session")
                    .query(String.class).single()).isEqualTo("alice");
        });
    }

    @Test
    void theStoreKeepsTheSessionBoundsOfTheHttpProperties() {
        h2.withPropertyValues("beammcp.cluster.enabled=true", "beammcp.http.session.max-count=1").run(context -> {
            McpSessionStore store = context.getBean(McpSessionStore.class);
            FakeSession first = new FakeSession("", "{}");
            store.save("s1", first);
            store.save("s2", new FakeSession("", "{}"));
            assertThat(first.closed).isEqualTo(1);
            assertThat(store.count()).isEqualTo(1);
        });
    }

    @Test
    void initializeSchemaNeverLeavesTheTablesToTheOperator() {
        h2.withPropertyValues("beammcp.cluster.enabled=true", "beammcp.cluster.initialize-schema=never").run(context ->
                assertThatThrownBy(() -> context.getBean(McpSessionStore.class).find("x"))
                        .isInstanceOf(SessionStoreUnavailableException.class).rootCause()
                        .hasMessageContaining("Table \"BEAMMCP_SESSION\" not found"));
    }

    @Test
    void aChannelThatIsNoPlainIdentifierFailsStartup() {
        h2.withPropertyValues("beammcp.cluster.enabled=true", "beammcp.cluster.channel=a; DROP TABLE x")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("The cluster channel must be a lower-case SQL identifier"));
    }

    @Test
    void enabledWithoutADataSourceFailsStartupInsteadOfRunningAlone() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(BeamMcpClusterJdbcAutoConfiguration.class))
                .withPropertyValues("beammcp.cluster.enabled=true").run(context -> assertThat(context).hasFailed()
                        .getFailure().rootCause().hasMessageContaining("beammcp.cluster.enabled=true needs the"
                                + " DataSource"));
    }

    @Test
    void theSharedStoreReplacesTheEndpointsInMemoryOneAndAnApplicationsStoreWinsOverBoth() {
        WebApplicationContextRunner web = new WebApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                        BeamMcpHttpAutoConfiguration.class, BeamMcpClusterJdbcAutoConfiguration.class))
                .withUserConfiguration(Server.class)
                .withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
                        "beammcp.http.allowed-origins=http://localhost:*", "beammcp.cluster.enabled=true");
        web.run(context -> assertThat(context).getBean(McpSessionStore.class)
                .isInstanceOf(JdbcMcpSessionStore.class));
        web.withUserConfiguration(OwnStore.class).run(context -> assertThat(context)
                .getBean(McpSessionStore.class).isSameAs(OwnStore.STORE));
    }

    @Configuration(proxyBeanMethods = false)
    static class Server {

        @Bean
        McpServer mcpServer() {
            return McpServer.builder(Catalog.of(List.of()), (name, arguments, context) -> ToolResult.of("done"))
                    .serverName("cluster").serverVersion("1").build();
        }

        @Bean
        McpAuthorizer authorizer() {
            return McpAuthorizer.permitAll();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnStore {

        static final McpSessionStore STORE = mock(McpSessionStore.class);

        @Bean
        McpSessionStore ownStore() {
            return STORE;
        }
    }
}
