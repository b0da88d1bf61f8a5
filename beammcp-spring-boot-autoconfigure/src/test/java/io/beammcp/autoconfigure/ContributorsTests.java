package io.beammcp.autoconfigure;

import io.beammcp.core.BindingRegistry;
import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.ToolBinding;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.server.McpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.JsonNode;

import javax.tools.ToolProvider;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Every contributor of the application collected into one server, under the names of their beans. */
class ContributorsTests {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeamMcpAutoConfiguration.class));

    record Forecast(String placeName, int days) {
    }

    static class WeatherTools {
        @McpTool(description = "Current weather")
        String weather(String place) {
            return place + ": sunny";
        }

        @McpTool
        Forecast forecast(String placeName) {
            return new Forecast(placeName, 3);
        }
    }

    static class OtherWeather {
        @McpTool(name = "weather")
        String other(String place) {
            return "rain";
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class App {
        @Bean
        WeatherTools weatherTools() {
            return new WeatherTools();
        }

        @Bean
        ToolBinding echoTool() {
            return ToolBinding.of(ToolSpec.builder("echo").build(), (arguments, context) -> ToolResult.of("echo"));
        }
    }

    /** What a library's auto-configuration contributes, beside the application's own. */
    @AutoConfiguration
    static class LibraryAutoConfiguration {
        @Bean
        ToolBinding libraryVersion() {
            return ToolBinding.of(ToolSpec.builder("library_version").build(), (a, c) -> ToolResult.of("1.0"));
        }

        @Bean
        LibraryTools libraryTools() {
            return new LibraryTools();
        }
    }

    static class LibraryTools {
        @McpTool
        String libraryHealth() {
            return "up";
        }
    }

    private static List<String> names(McpServer server) {
        return Wire.ask(server, Wire.modern(1, "tools/list", "")).at("/result/tools").findValuesAsString("name");
    }

    @Test
    void annotatedBeansBindingsAndALibrarysAutoConfigurationAllServe() {
        runner.withUserConfiguration(App.class)
                .withConfiguration(AutoConfigurations.of(LibraryAutoConfiguration.class)).run(context -> {
                    McpServer server = context.getBean(McpServer.class);
                    assertThat(names(server)).containsExactly("echo", "forecast", "libraryHealth", "library_version",
                            "weather");
                    JsonNode call = Wire.ask(server, Wire.modern(2, "tools/call",
                            "\"name\":\"weather\",\"arguments\":{\"place\":\"Oslo\"}"));
                    assertThat(call.at("/result/content/0/text").stringValue()).isEqualTo("Oslo: sunny");
                    assertThat(Wire.ask(server, Wire.modern(3, "tools/call", "\"name\":\"libraryHealth\""))
                            .at("/result/content/0/text").stringValue()).isEqualTo("up");
                });
    }

    @Test
    void twoBeansClaimingOneNameFailStartupNamingBoth() {
        runner.withUserConfiguration(App.class).withBean("otherWeather", OtherWeather.class).run(context -> {
            assertThat(context).getFailure().rootCause().isInstanceOf(InvalidCatalogException.class)
                    .hasMessage("Tool name 'weather' is declared twice: by 'otherWeather' and by 'weatherTools'");
            FailureAnalysis analysis = new InvalidCatalogFailureAnalyzer().analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).isEqualTo("The MCP server cannot serve what the application offers: "
                    + "Tool name 'weather' is declared twice: by 'otherWeather' and by 'weatherTools'");
            assertThat(analysis.getAction()).isEqualTo(InvalidCatalogFailureAnalyzer.ACTION);
        });
    }

    @Test
    void anApplicationOfferingNothingIsToldHowToAnnotateATool() {
        runner.run(context -> {
            FailureAnalysis analysis = new MissingCatalogFailureAnalyzer().analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).isEqualTo(MissingCatalogFailureAnalyzer.NOTHING_DESCRIPTION);
            assertThat(analysis.getAction()).contains("@McpTool(description = \"Current weather\")");
        });
    }

    @Test
    void aClassCompiledWithoutParameterNamesFailsStartupSayingHowToCompile(@TempDir Path dir) throws Exception {
        Path source = dir.resolve("NoNames.java");
        Files.writeString(source, "public class NoNames { @io.beammcp.core.annotation.McpTool "
                + "public String weather(String place) { return place; } }");
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-cp",
                System.getProperty("java.class.path"), "-d", dir.toString(), source.toString());
        assertThat(status).isZero();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            Class<?> type = loader.loadClass("NoNames");
            runner.withBean("noNames", Object.class, () -> newInstance(type)).run(context -> {
                assertThat(context).getFailure().rootCause().isInstanceOf(MissingParameterNamesException.class);
                FailureAnalysis analysis = new MissingParameterNamesFailureAnalyzer()
                        .analyze(context.getStartupFailure());
                assertThat(analysis.getDescription()).isEqualTo("The MCP server names the arguments of NoNames.weather "
                        + "after its parameters, and the class was compiled without their names.");
                assertThat(analysis.getAction()).contains("-parameters", "@McpToolParam(name = \"place\")");
            });
        }
    }

    @Test
    void hostValuesAreWrittenWithTheApplicationsJacksonSettingsAndTheSchemaAgrees() {
        runner.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class)).withUserConfiguration(App.class)
                .withPropertyValues("spring.jackson.property-naming-strategy=SNAKE_CASE").run(context -> {
                    McpServer server = context.getBean(McpServer.class);
                    JsonNode tools = Wire.ask(server, Wire.modern(1, "tools/list", "")).at("/result/tools");
                    JsonNode forecast = tools.get(1);
                    assertThat(forecast.at("/outputSchema/properties").propertyNames()).containsExactly("place_name",
                            "days");
                    JsonNode call = Wire.ask(server, Wire.modern(2, "tools/call",
                            "\"name\":\"forecast\",\"arguments\":{\"placeName\":\"Oslo\"}"));
                    assertThat(call.at("/result/structuredContent").toString())
                            .isEqualTo("{\"place_name\":\"Oslo\",\"days\":3}");
                });
    }

    @Test
    void aRegistryBeanServesWhatIsAddedWhileTheApplicationRuns() {
        runner.withUserConfiguration(App.class).withBean("tools", BindingRegistry.class).run(context -> {
            McpServer server = context.getBean(McpServer.class);
            context.getBean(BindingRegistry.class).add(ToolBinding.of(ToolSpec.builder("late").build(),
                    (a, c) -> ToolResult.of("late")));
            assertThat(names(server)).contains("late");
            assertThat(Wire.ask(server, Wire.modern(1, "server/discover", ""))
                    .at("/result/capabilities/tools/listChanged").asBoolean()).isTrue();
        });
    }

    private static Object newInstance(Class<?> type) {
        try {
            return type.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
