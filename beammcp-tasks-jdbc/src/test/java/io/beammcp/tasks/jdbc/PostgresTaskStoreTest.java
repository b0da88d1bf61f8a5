package io.beammcp.tasks.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.TaskSupport;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.server.McpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The store's contract on PostgreSQL, and what a server on it answers where PostgreSQL differs from H2 (it
 * refuses NUL in text; it restarts): {@code interop/run.sh} starts one and runs this test against it, naming
 * the command that restarts it in {@value #RESTART}; a build without {@value Databases#POSTGRES_URL} skips it.
 */
@EnabledIfSystemProperty(named = Databases.POSTGRES_URL, matches = "jdbc:postgresql:.+")
class PostgresTaskStoreTest extends TaskStoreContract {

    static final String RESTART = "beammcp.test.postgres.restart";

    @Override
    HikariDataSource database() {
        return Databases.postgres();
    }

    @Test
    void aTaskIdWithANulByteIsUnknownAsOnEveryStoreNotAFailure() {
        try (HikariDataSource pool = database()) {
            Catalog catalog = Catalog.of(List.of(ToolSpec.builder("report").description("A report.")
                    .inputSchema("{\"type\":\"object\"}").taskSupport(TaskSupport.REQUIRED).build()));
            McpServer server = McpServer.builder(catalog, (name, arguments, context) -> ToolResult.of("done"))
                    .serverName("nul").serverVersion("1").tasks(new JdbcTaskStore(JdbcClient.create(pool), 10)).build();
            try {
                // the routing header carries the id as Base64, as a client sends an id it cannot write as ASCII
                String name = "=?base64?" + Base64.getEncoder().encodeToString("a\0b".getBytes(StandardCharsets.UTF_8))
                        + "?=";
                JsonNode response = new Instance(server).request("tasks/get", name, "{\"taskId\":\"a\\u0000b\"}");
                assertThat(response.at("/error/code").asInt()).as("%s", response).isEqualTo(-32602);
            } finally {
                server.close();
            }
        }
    }

    @Test
    void aTaskWaitingForInputSurvivesARestartOfPostgres() throws Exception {
        String restart = System.getProperty(RESTART);
        assertThat(restart).as("the command that restarts PostgreSQL, in " + RESTART).isNotBlank();
        try (HikariDataSource pool = database()) {
            InputOutage.survives(pool, () -> {
                try {
                    Process process = new ProcessBuilder("sh", "-c", restart).redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.appendTo(new File("target/postgres-restart.log")))
                            .start();
                    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("restarted in time").isTrue();
                    assertThat(process.exitValue()).as("exit of %s", restart).isZero();
                } catch (Exception e) {
                    throw new IllegalStateException("PostgreSQL did not restart", e);
                }
            });
        }
    }
}
