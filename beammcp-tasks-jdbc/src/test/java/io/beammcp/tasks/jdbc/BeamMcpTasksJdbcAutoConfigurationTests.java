package io.beammcp.tasks.jdbc;

import io.beammcp.autoconfigure.tasks.BeamMcpTasksAutoConfiguration;
import io.beammcp.core.tasks.InMemoryTaskStore;
import io.beammcp.core.tasks.TaskRecord;
import io.beammcp.core.tasks.TaskStore;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

import javax.sql.DataSource;
import java.time.Instant;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BeamMcpTasksJdbcAutoConfigurationTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
                    BeamMcpTasksJdbcAutoConfiguration.class, BeamMcpTasksAutoConfiguration.class));

    private final ApplicationContextRunner h2 = runner
            .withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");

    private static TaskRecord task() {
        return task("");
    }

    private static TaskRecord task(String owner) {
        Instant now = Instant.now();
        return new TaskRecord(UUID.randomUUID().toString(), owner, "working", null, now, now, 60_000L, 1000, null, null,
                null, null, false, null, 0);
    }

    @Test
    void tasksStayInMemoryByDefaultEvenWithADataSource() {
        h2.run(context -> assertThat(context).getBean(TaskStore.class).isInstanceOf(InMemoryTaskStore.class));
        h2.withPropertyValues("beammcp.tasks.store=memory")
                .run(context -> assertThat(context).getBean(TaskStore.class).isInstanceOf(InMemoryTaskStore.class));
    }

    @Test
    void theJdbcStoreReplacesTheInMemoryOneAndCreatesItsTableInAnEmbeddedDatabase() {
        h2.withPropertyValues("beammcp.tasks.store=jdbc").run(context -> {
            assertThat(context).hasSingleBean(TaskStore.class);
            TaskStore store = context.getBean(TaskStore.class);
            assertThat(store).isInstanceOf(JdbcTaskStore.class);
            TaskRecord task = task();
            assertThat(store.create(task)).isTrue();
            assertThat(JdbcClient.create(context.getBean(DataSource.class)).sql("SELECT status FROM beammcp_task")
                    .query(String.class).single()).isEqualTo("working");
        });
    }

    @Test
    void theStoreKeepsTheCountBound() {
        h2.withPropertyValues("beammcp.tasks.store=JDBC", "beammcp.tasks.max-count=1").run(context -> {
            TaskStore store = context.getBean(TaskStore.class);
            assertThat(store.create(task())).isTrue();
            assertThat(store.create(task())).isFalse();
        });
    }

    @Test
    void theStoreKeepsEachCallersShare() {
        h2.withPropertyValues("beammcp.tasks.store=jdbc", "beammcp.tasks.max-count-per-caller=1").run(context -> {
            TaskStore store = context.getBean(TaskStore.class);
            assertThat(store.create(task("alice"))).isTrue();
            assertThat(store.create(task("alice"))).isFalse();
            assertThat(store.create(task("bob"))).isTrue();
        });
    }

    @Test
    void initializeSchemaNeverLeavesTheTableToTheOperator() {
        h2.withPropertyValues("beammcp.tasks.store=jdbc", "beammcp.tasks.jdbc.initialize-schema=never").run(context -> {
            TaskStore store = context.getBean(TaskStore.class);
            assertThatThrownBy(() -> store.find("x")).rootCause().hasMessageContaining("Table \"BEAMMCP_TASK\" not found");
        });
    }

    @Test
    void jdbcWithoutADataSourceFailsStartupInsteadOfKeepingTasksInMemory() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(BeamMcpTasksJdbcAutoConfiguration.class,
                        BeamMcpTasksAutoConfiguration.class))
                .withPropertyValues("beammcp.tasks.store=jdbc").run(context -> assertThat(context).hasFailed()
                .getFailure().rootCause().hasMessageContaining("beammcp.tasks.store=jdbc needs the beammcp-tasks-jdbc"));
    }

    @Test
    void anApplicationStoreWins() {
        h2.withPropertyValues("beammcp.tasks.store=jdbc").withUserConfiguration(OwnStore.class)
                .run(context -> assertThat(context).getBean(TaskStore.class).isSameAs(OwnStore.STORE));
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnStore {

        static final TaskStore STORE = new InMemoryTaskStore(5);

        @Bean
        TaskStore ownStore() {
            return STORE;
        }
    }
}
