package io.beammcp.autoconfigure.tasks;

import io.beammcp.core.tasks.TaskRecord;
import io.beammcp.core.tasks.TaskStore;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import java.time.Instant;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The in-memory task store as {@code beammcp.tasks.*} bounds it. */
class BeamMcpTasksAutoConfigurationTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeamMcpTasksAutoConfiguration.class));

    static TaskRecord task(String owner) {
        Instant now = Instant.now();
        return new TaskRecord(UUID.randomUUID().toString(), owner, "working", null, now, now, 60_000L, 1000, null,
                null, null, null, false, null, 0);
    }

    @Test
    void oneCallerHoldsAtMostAHundredTasksByDefaultAndOthersGoOn() {
        runner.run(context -> {
            TaskStore store = context.getBean(TaskStore.class);
            for (int i = 0; i < 100; i++) {
                assertThat(store.create(task("alice"))).as("task %d", i + 1).isTrue();
            }
            assertThat(store.create(task("alice"))).as("one past the share").isFalse();
            assertThat(store.create(task("bob"))).isTrue();
        });
    }

    @Test
    void theShareAndTheBoundAreSettable() {
        runner.withPropertyValues("beammcp.tasks.max-count-per-caller=1", "beammcp.tasks.max-count=2").run(context -> {
            TaskStore store = context.getBean(TaskStore.class);
            assertThat(store.create(task("alice"))).isTrue();
            assertThat(store.create(task("alice"))).isFalse();
            assertThat(store.create(task("bob"))).isTrue();
            assertThat(store.create(task("carol"))).as("the bound of all").isFalse();
        });
    }

    @Test
    void aShareThatIsNotPositiveFailsStartup() {
        runner.withPropertyValues("beammcp.tasks.max-count-per-caller=0").run(context -> assertThat(context)
                .hasFailed().getFailure().rootCause().hasMessageContaining("beammcp.tasks.max-count-per-caller"));
    }
}
