package io.beammcp.autoconfigure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.util.unit.DataSize;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

@ExtendWith(OutputCaptureExtension.class)
class BeamMcpPropertiesTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withUserConfiguration(Bound.class);

    @Test
    void defaultsServeOverHttpWithUncachedLists() {
        runner.run(context -> {
            BeamMcpProperties properties = context.getBean(BeamMcpProperties.class);
            assertThat(properties.getTransport()).isEqualTo(BeamMcpProperties.Transport.HTTP);
            assertThat(properties.getServerName()).isNull();
            assertThat(properties.getServerVersion()).isNull();
            assertThat(properties.getInstructions()).isNull();
            assertThat(properties.getPageSize()).isEqualTo(50);
            assertThat(properties.getMaxMessageSize()).isEqualTo(DataSize.ofBytes(1024 * 1024));
            for (BeamMcpProperties.ListCache cache : new BeamMcpProperties.ListCache[] {properties.getTools(),
                    properties.getResources(), properties.getPrompts(), properties.getDiscover()}) {
                assertThat(cache.getTtl()).isZero();
                assertThat(cache.getCacheScope()).isEqualTo("private");
            }
            assertThat(properties.getTools().getTimeout()).isNull();
            assertThat(properties.getStreams().getMaxOpen()).isEqualTo(1000);
            assertThat(properties.getStreams().getMaxPerSession()).isEqualTo(8);
            assertThat(properties.getStreams().getMaxPerCaller()).isEqualTo(100);
            assertThat(properties.getStreams().getHeartbeat()).isEqualTo(Duration.ofSeconds(15));
        });
    }

    @Test
    void everyPropertyBindsFromItsKebabCaseName() {
        runner.withPropertyValues("beammcp.transport=stdio", "beammcp.server-name=weather",
                "beammcp.server-version=1.0.0", "beammcp.instructions=Be brief.", "beammcp.page-size=7",
                "beammcp.max-message-size=2MB", "beammcp.tools.ttl=30s", "beammcp.tools.cache-scope=public",
                "beammcp.resources.ttl=1m", "beammcp.resources.cache-scope=public", "beammcp.prompts.ttl=2m",
                "beammcp.prompts.cache-scope=public", "beammcp.discover.ttl=1h", "beammcp.discover.cache-scope=public",
                "beammcp.tools.timeout=90s", "beammcp.streams.max-open=50", "beammcp.streams.max-per-session=2",
                "beammcp.streams.max-per-caller=3", "beammcp.streams.heartbeat=5s")
                .run(context -> {
                    BeamMcpProperties properties = context.getBean(BeamMcpProperties.class);
                    assertThat(properties.getTransport()).isEqualTo(BeamMcpProperties.Transport.STDIO);
                    assertThat(properties.getServerName()).isEqualTo("weather");
                    assertThat(properties.getServerVersion()).isEqualTo("1.0.0");
                    assertThat(properties.getInstructions()).isEqualTo("Be brief.");
                    assertThat(properties.getPageSize()).isEqualTo(7);
                    assertThat(properties.getMaxMessageSize()).isEqualTo(DataSize.ofMegabytes(2));
                    assertThat(properties.getTools().getTtl()).isEqualTo(Duration.ofSeconds(30));
                    assertThat(properties.getResources().getTtl()).isEqualTo(Duration.ofMinutes(1));
                    assertThat(properties.getPrompts().getTtl()).isEqualTo(Duration.ofMinutes(2));
                    assertThat(properties.getDiscover().getTtl()).isEqualTo(Duration.ofHours(1));
                    assertThat(properties.getTools().getCacheScope()).isEqualTo("public");
                    assertThat(properties.getResources().getCacheScope()).isEqualTo("public");
                    assertThat(properties.getPrompts().getCacheScope()).isEqualTo("public");
                    assertThat(properties.getDiscover().getCacheScope()).isEqualTo("public");
                    assertThat(properties.getTools().getTimeout()).isEqualTo(Duration.ofSeconds(90));
                    assertThat(properties.getStreams().getMaxOpen()).isEqualTo(50);
                    assertThat(properties.getStreams().getMaxPerSession()).isEqualTo(2);
                    assertThat(properties.getStreams().getMaxPerCaller()).isEqualTo(3);
                    assertThat(properties.getStreams().getHeartbeat()).isEqualTo(Duration.ofSeconds(5));
                });
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            beammcp.page-size=0                | beammcp.page-size                | The page size must be positive, was 0
            beammcp.max-message-size=0B        | beammcp.max-message-size         | The maximum message size must be positive, was 0B
            beammcp.tools.ttl=-1s              | beammcp.tools.ttl                | A cache TTL must not be negative, was PT-1S
            beammcp.resources.ttl=-5m          | beammcp.resources.ttl            | A cache TTL must not be negative, was PT-5M
            beammcp.prompts.cache-scope=shared | beammcp.prompts.cache-scope      | A cache scope must be "public" or "private", was "shared"
            beammcp.discover.cache-scope=PUBLIC| beammcp.discover.cache-scope     | A cache scope must be "public" or "private", was "PUBLIC"
            beammcp.tools.timeout=0s           | beammcp.tools.timeout            | The tool timeout must be positive, was PT0S
            beammcp.streams.max-open=0         | beammcp.streams.max-open         | The maximum number of open streams must be positive, was 0
            beammcp.streams.max-per-session=-1 | beammcp.streams.max-per-session  | The maximum number of streams per session must be positive, was -1
            beammcp.streams.max-per-caller=0   | beammcp.streams.max-per-caller   | The maximum number of streams per caller must be positive, was 0
            beammcp.streams.heartbeat=0ms      | beammcp.streams.heartbeat        | The stream heartbeat must be positive, was PT0S
            """)
    void invalidValueFailsStartupNamingThePropertyAndTheReason(String setting, String property, String reason) {
        runner.withPropertyValues(setting).run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().hasMessage(reason);
            assertThat(failedProperty(context.getStartupFailure())).isEqualTo(property);
        });
    }

    @Test
    void invalidValueIsReportedWithPropertyValueOriginAndReason(CapturedOutput output) {
        SpringApplication application = new SpringApplication(Bound.class);
        application.setWebApplicationType(WebApplicationType.NONE);
        assertThatException().isThrownBy(() -> application.run("--beammcp.page-size=0"));
        assertThat(output).contains("""
                    Property: beammcp.page-size
                    Value: "0"
                    Origin: "beammcp.page-size" from property source "commandLineArgs"
                    Reason: java.lang.IllegalArgumentException: The page size must be positive, was 0
                """);
    }

    @Test
    void unknownTransportFailsStartup() {
        runner.withPropertyValues("beammcp.transport=pigeon").run(context -> {
            assertThat(context).hasFailed();
            assertThat(failedProperty(context.getStartupFailure())).isEqualTo("beammcp.transport");
        });
    }

    /** The property Boot's failure report names: that of the outermost bind failure. */
    private static String failedProperty(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof BindException bind && bind.getProperty() != null) {
                return bind.getProperty().getName().toString();
            }
        }
        return null;
    }

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(BeamMcpProperties.class)
    static class Bound {
    }
}
