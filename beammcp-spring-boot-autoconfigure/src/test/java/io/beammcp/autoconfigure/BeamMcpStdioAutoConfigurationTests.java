package io.beammcp.autoconfigure;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.server.McpServer;
import io.beammcp.testsupport.LineSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.mock.env.MockEnvironment;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class BeamMcpStdioAutoConfigurationTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeamMcpAutoConfiguration.class,
                    BeamMcpStdioAutoConfiguration.class))
            .withUserConfiguration(SlowHost.class);

    @Test
    void runnerIsRegisteredOnlyForTheStdioTransport() {
        runner.run(context -> assertThat(context).doesNotHaveBean(StdioRunner.class));
        runner.withPropertyValues("beammcp.transport=http")
                .run(context -> assertThat(context).doesNotHaveBean(StdioRunner.class));
        runner.withPropertyValues("beammcp.transport=stdio")
                .run(context -> assertThat(context).hasSingleBean(StdioRunner.class));
        runner.withPropertyValues("beammcp.transport=STDIO")
                .run(context -> assertThat(context).hasSingleBean(StdioRunner.class));
    }

    @Test
    void legacyClientIsServedUntilEndOfInputThenTheApplicationExitsWithZero() {
        runner.withPropertyValues("beammcp.transport=stdio").run(context -> {
            try (Session session = new Session(context)) {
                session.send(Wire.initialize(1));
                assertThat(session.next().at("/result/protocolVersion").stringValue()).isEqualTo("2025-11-25");
                session.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
                session.send(Wire.legacy(2, "tools/list"));
                assertThat(session.next().at("/result/tools").findValuesAsString("name")).containsExactly("echo", "slow");
                session.endInput();
                assertThat(session.exitStatus()).isZero();
                assertThat(context.isActive()).isFalse();
            }
        });
    }

    @Test
    void slowCallDoesNotBlockALaterPing() {
        runner.withPropertyValues("beammcp.transport=stdio").run(context -> {
            CountDownLatch release = context.getBean(SlowHost.class).release;
            try (Session session = new Session(context)) {
                session.send(Wire.modern(1, "tools/call", "\"name\":\"slow\""));
                session.send(Wire.legacy(2, "ping"));
                JsonNode first = session.next();
                assertThat(first.get("id").asInt()).isEqualTo(2);
                assertThat(first.get("result").isEmpty()).isTrue();
                release.countDown();
                JsonNode second = session.next();
                assertThat(second.get("id").asInt()).isEqualTo(1);
                assertThat(second.at("/result/content/0/text").stringValue()).isEqualTo("finally");
                session.endInput();
                assertThat(session.exitStatus()).isZero();
            }
        });
    }

    @Test
    void unreadableInputExitsWithOne() {
        runner.withPropertyValues("beammcp.transport=stdio").run(context -> {
            InputStream broken = new InputStream() {
                @Override
                public int read() throws IOException {
                    throw new IOException("stdin is gone");
                }
            };
            CompletableFuture<Integer> status = new CompletableFuture<>();
            ready(new StdioRunner(context.getBean(McpServer.class), context, broken, OutputStream.nullOutputStream(),
                    status::complete), context);
            assertThat(status.get(5, TimeUnit.SECONDS)).isEqualTo(1);
        });
    }

    @Test
    void hostCodeRunsOnTheTransportsOwnThreadsUnlessVirtualThreadsAreEnabled() {
        assertThat(BeamMcpStdioAutoConfiguration.hostCode(new MockEnvironment())).isNull();
        assertThat(BeamMcpStdioAutoConfiguration.hostCode(
                new MockEnvironment().withProperty("spring.threads.virtual.enabled", "false"))).isNull();
    }

    @Test
    void hostCodeRunsOnVirtualThreadsWhenTheApplicationEnablesThem() throws Exception {
        Executor executor = BeamMcpStdioAutoConfiguration.hostCode(
                new MockEnvironment().withProperty("spring.threads.virtual.enabled", "true"));
        if (Runtime.version().feature() < 21) {
            // Spring Boot enables virtual threads only on Java 21 and later
            assertThat(executor).isNull();
            return;
        }
        CompletableFuture<String> thread = new CompletableFuture<>();
        executor.execute(() -> thread.complete(Thread.currentThread().toString()));
        assertThat(thread.get(5, TimeUnit.SECONDS)).startsWith("VirtualThread").contains("beammcp-stdio-virtual-");
    }

    /** What Spring Boot does with the runner: runs it with the others, then publishes the application ready. */
    static void ready(StdioRunner stdio, ConfigurableApplicationContext context) {
        stdio.run();
        stdio.onApplicationEvent(new ApplicationReadyEvent(new SpringApplication(), new String[0], context,
                Duration.ZERO));
    }

    /** The runner on piped streams, serving on its own thread once the application is ready. */
    private final class Session implements AutoCloseable {

        private final PipedOutputStream stdin = new PipedOutputStream();
        private final BlockingQueue<String> stdout = new LinkedBlockingQueue<>();
        private final CompletableFuture<Integer> status = new CompletableFuture<>();

        Session(ConfigurableApplicationContext context) throws IOException {
            InputStream in = new PipedInputStream(stdin, 64 * 1024);
            StdioRunner stdio = new StdioRunner(context.getBean(McpServer.class), context, in, new LineSink(stdout::add),
                    status::complete);
            ready(stdio, context);
        }

        void send(String line) throws IOException {
            stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        }

        JsonNode next() throws InterruptedException {
            String line = stdout.poll(10, TimeUnit.SECONDS);
            assertThat(line).as("a response line within 10 s").isNotNull();
            return Wire.parse(line);
        }

        void endInput() throws IOException {
            stdin.close();
        }

        int exitStatus() throws Exception {
            return status.get(10, TimeUnit.SECONDS);
        }

        @Override
        public void close() throws IOException {
            stdin.close();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class SlowHost {

        final CountDownLatch release = new CountDownLatch(1);

        @Bean
        Catalog catalog() {
            return Catalog.of(List.of(ToolSpec.builder("echo").inputSchema(Hosts.TEXT_SCHEMA).build(),
                    ToolSpec.builder("slow").description("Returns once the test releases it").build()));
        }

        @Bean
        Dispatch dispatch() {
            return (tool, arguments, context) -> {
                if ("slow".equals(tool)) {
                    assertThat(release.await(20, TimeUnit.SECONDS)).isTrue();
                    return ToolResult.of("finally");
                }
                return ToolResult.of(arguments.get("text"));
            };
        }
    }
}
