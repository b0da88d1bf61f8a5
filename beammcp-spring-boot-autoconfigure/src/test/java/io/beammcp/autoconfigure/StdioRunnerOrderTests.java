package io.beammcp.autoconfigure;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.server.McpServer;
import io.beammcp.testsupport.LineSink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.Banner;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Over stdio the application's own runners have all run before the first message is served. Runners of equal
 * order (the host's unordered ones and the stdio runner) run in an order that changes from start to start, so the
 * application is started many times in this JVM: each start would serve before a host runner about half the time.
 */
@Timeout(120)
class StdioRunnerOrderTests {

    private static final int STARTS = 24;

    private final ExecutorService main = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopMain() {
        main.shutdownNow();
    }

    @Test
    void theHostsUnorderedRunnersHaveRunBeforeTheFirstAnswerAndRunReturnsWhileServing() throws Exception {
        for (int start = 1; start <= STARTS; start++) {
            Pipes pipes = new Pipes();
            SpringApplication application = new SpringApplication(SeedingHost.class);
            application.setWebApplicationType(WebApplicationType.NONE);
            application.setBannerMode(Banner.Mode.OFF);
            application.setLogStartupInfo(false);
            application.setRegisterShutdownHook(false);
            application.setDefaultProperties(Map.of("logging.level.root", "WARN"));
            application.addInitializers(context -> context.getBeanFactory().registerSingleton("pipes", pipes));
            Future<ConfigurableApplicationContext> run = main.submit(() -> application.run());

            // written at once, as a client does: read when the server is ready
            pipes.send(Wire.modern(1, "tools/call", "\"name\":\"seeds\""));
            assertThat(Wire.parse(pipes.next()).at("/result/content/0/text").stringValue())
                    .as("start %d", start).isEqualTo("data=true caches=true");
            ConfigurableApplicationContext context = run.get(30, TimeUnit.SECONDS);
            assertThat(context.isActive()).as("SpringApplication.run returned while serving").isTrue();
            pipes.client.close();
            assertThat(pipes.status.get(10, TimeUnit.SECONDS)).isZero();
            assertThat(context.isActive()).isFalse();
        }
    }

    /** The client's side of the stdio streams and the exit status of one start. */
    static final class Pipes {

        final PipedOutputStream client = new PipedOutputStream();
        final PipedInputStream serverIn;
        final BlockingQueue<String> answers = new LinkedBlockingQueue<>();
        final OutputStream serverOut = new LineSink(answers::add);
        final CompletableFuture<Integer> status = new CompletableFuture<>();

        Pipes() throws Exception {
            serverIn = new PipedInputStream(client, 64 * 1024);
        }

        String next() throws InterruptedException {
            String line = answers.poll(10, TimeUnit.SECONDS);
            assertThat(line).as("an answer within 10 s").isNotNull();
            return line;
        }

        void send(String line) throws Exception {
            client.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            client.flush();
        }
    }

    /** What the host's runners set up, read by its one tool. */
    static final class Seeds {

        volatile boolean data;
        volatile boolean caches;
    }

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(BeamMcpAutoConfiguration.class)
    static class SeedingHost {

        @Bean
        Seeds seeds() {
            return new Seeds();
        }

        @Bean
        ApplicationRunner seedData(Seeds seeds) {
            return args -> seeds.data = true;
        }

        @Bean
        CommandLineRunner warmCaches(Seeds seeds) {
            return args -> seeds.caches = true;
        }

        @Bean
        Catalog catalog() {
            return Catalog.of(List.of(ToolSpec.builder("seeds").description("What the runners set up").build()));
        }

        @Bean
        Dispatch dispatch(Seeds seeds) {
            return (tool, arguments, context) -> ToolResult.of("data=" + seeds.data + " caches=" + seeds.caches);
        }

        /** The runner the stdio auto-configuration makes, on the test's pipes instead of the process's streams. */
        @Bean
        StdioRunner stdioRunner(McpServer server, ConfigurableApplicationContext context, Environment environment,
                Pipes pipes) {
            return BeamMcpStdioAutoConfiguration.runner(server, context, environment, new BeamMcpStdioProperties(),
                    pipes.serverIn, pipes.serverOut, pipes.status::complete);
        }
    }
}
