package io.beammcp.autoconfigure;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.mock.env.MockEnvironment;

import java.io.PrintStream;

import static org.assertj.core.api.Assertions.assertThat;

class StdioEnvironmentPostProcessorTests {

    private PrintStream stdout;

    @BeforeEach
    void keepStdout() {
        stdout = System.out;
    }

    @AfterEach
    void restoreStdout() {
        System.setOut(stdout);
    }

    @Test
    void stdioTurnsTheWebServerAndBannerOffAndRoutesSystemOutToStandardError() {
        MockEnvironment environment = new MockEnvironment().withProperty("beammcp.transport", "stdio");
        new StdioEnvironmentPostProcessor().postProcessEnvironment(environment, new SpringApplication());
        assertThat(environment.getProperty("spring.main.web-application-type")).isEqualTo("none");
        assertThat(environment.getProperty("spring.main.banner-mode")).isEqualTo("off");
        assertThat(System.out).isSameAs(System.err);
    }

    @Test
    void applicationMayKeepItsBannerWhichThenGoesToStandardError() {
        MockEnvironment environment = new MockEnvironment().withProperty("beammcp.transport", "STDIO")
                .withProperty("spring.main.banner-mode", "console")
                .withProperty("spring.main.web-application-type", "servlet");
        new StdioEnvironmentPostProcessor().postProcessEnvironment(environment, new SpringApplication());
        assertThat(environment.getProperty("spring.main.banner-mode")).isEqualTo("console");
        assertThat(environment.getProperty("spring.main.web-application-type")).isEqualTo("none");
        assertThat(System.out).isSameAs(System.err);
    }

    @Test
    void otherTransportsLeaveTheEnvironmentAndSystemOutAlone() {
        MockEnvironment environment = new MockEnvironment().withProperty("beammcp.transport", "http");
        new StdioEnvironmentPostProcessor().postProcessEnvironment(environment, new SpringApplication());
        assertThat(environment.getPropertySources().contains(StdioEnvironmentPostProcessor.FORCED)).isFalse();
        assertThat(environment.getPropertySources().contains(StdioEnvironmentPostProcessor.DEFAULTS)).isFalse();
        assertThat(System.out).isSameAs(stdout);
    }

    @Test
    void isRegisteredUnderTheBoot4Key() {
        assertThat(SpringFactoriesLoader.forDefaultResourceLocation().load(EnvironmentPostProcessor.class, null,
                (type, name, failure) -> { }))
                .hasAtLeastOneElementOfType(StdioEnvironmentPostProcessor.class);
    }

    @Test
    void transportFromTheCommandLineMakesAnApplicationWithoutWebServer() {
        SpringApplication application = new SpringApplication(Empty.class);
        application.setWebApplicationType(WebApplicationType.SERVLET);
        try (ConfigurableApplicationContext context = application.run("--beammcp.transport=stdio")) {
            assertThat(application.getWebApplicationType()).isEqualTo(WebApplicationType.NONE);
            assertThat(context.getEnvironment().getProperty("spring.main.banner-mode")).isEqualTo("off");
        }
        assertThat(System.out).isSameAs(System.err);
    }

    @Configuration(proxyBeanMethods = false)
    static class Empty {
    }
}
