package io.beammcp.autoconfigure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

@ExtendWith(OutputCaptureExtension.class)
class MissingCatalogFailureAnalyzerTests {

    @Test
    void isRegisteredAsAFailureAnalyzer() {
        assertThat(SpringFactoriesLoader.forDefaultResourceLocation().load(FailureAnalyzer.class, null,
                (type, name, failure) -> { }))
                .hasAtLeastOneElementOfType(MissingCatalogFailureAnalyzer.class)
                .hasAtLeastOneElementOfType(InvalidCatalogFailureAnalyzer.class)
                .hasAtLeastOneElementOfType(MissingParameterNamesFailureAnalyzer.class);
    }

    @Test
    void applicationWithoutCatalogIsToldHowToDeclareOne(CapturedOutput output) {
        SpringApplication application = new SpringApplication(NoCatalog.class);
        application.setWebApplicationType(WebApplicationType.NONE);
        assertThatException().isThrownBy(application::run);
        assertThat(output).contains("APPLICATION FAILED TO START", MissingCatalogFailureAnalyzer.CATALOG_DESCRIPTION,
                MissingCatalogFailureAnalyzer.CATALOG_ACTION);
    }

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(BeamMcpAutoConfiguration.class)
    @Import(Hosts.DispatchOnly.class)
    static class NoCatalog {
    }
}
