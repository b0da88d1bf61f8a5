package io.beammcp.autoconfigure.http;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.ToolResult;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.server.McpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.DispatcherServlet;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.InputStream;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Every condition of the HTTP auto-configuration, the properties it binds, both failure analyzers with
 * their exact text, and its registration.
 */
@Timeout(60)
@ExtendWith(OutputCaptureExtension.class)
class BeamMcpHttpAutoConfigurationTests {

    private static final String ORIGINS = "beammcp.http.allowed-origins=http://localhost:*";

    private final WebApplicationContextRunner servlet = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeamMcpHttpAutoConfiguration.class))
            .withUserConfiguration(Server.class);

    private final WebApplicationContextRunner secured = servlet.withUserConfiguration(PermitAll.class)
            .withPropertyValues(ORIGINS);

    // ---- conditions ---------------------------------------------------------------------------------

    @Test
    void servletApplicationGetsTheEndpointByDefault() {
        secured.run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).hasSingleBean(McpHttpController.class);
            assertThat(context).hasSingleBean(McpSessionStore.class);
            assertThat(context.getBean(McpSessionStore.class)).isInstanceOf(InMemoryMcpSessionStore.class);
        });
    }

    @Test
    void transportHttpInAnyCaseGetsTheEndpoint() {
        secured.withPropertyValues("beammcp.transport=HTTP")
                .run(context -> assertThat(context).hasSingleBean(McpHttpController.class));
        secured.withPropertyValues("beammcp.transport=http")
                .run(context -> assertThat(context).hasSingleBean(McpHttpController.class));
    }

    @Test
    void transportStdioGetsNoEndpointAndNeedsNoAuthorizer() {
        servlet.withPropertyValues("beammcp.transport=stdio").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(McpHttpController.class);
            assertThat(context).doesNotHaveBean(McpSessionStore.class);
        });
    }

    @Test
    void nonWebApplicationGetsNoEndpoint() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(BeamMcpHttpAutoConfiguration.class))
                .withUserConfiguration(Server.class).run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).doesNotHaveBean(McpHttpController.class);
                });
    }

    @Test
    void reactiveWebApplicationGetsNoEndpoint() {
        new ReactiveWebApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(BeamMcpHttpAutoConfiguration.class))
                .withUserConfiguration(Server.class).run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).doesNotHaveBean(McpHttpController.class);
                });
    }

    @Test
    void withoutSpringMvcThereIsNoEndpoint() {
        servlet.withClassLoader(new FilteredClassLoader(DispatcherServlet.class)).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(McpHttpController.class);
        });
    }

    @Test
    void hostSessionStoreReplacesTheDefault() {
        secured.withUserConfiguration(OwnStore.class).run(context -> {
            assertThat(context).hasSingleBean(McpSessionStore.class);
            assertThat(context.getBean(McpSessionStore.class)).isSameAs(OwnStore.STORE);
        });
    }

    @Test
    void bodyAuthorizerIsOptional() {
        secured.run(context -> assertThat(context).doesNotHaveBean(McpBodyAuthorizer.class));
        secured.withUserConfiguration(BodyCheck.class).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).hasSingleBean(McpBodyAuthorizer.class);
        });
    }

    @Test
    void theUnreadBodyFilterCoversExactlyTheEndpointPathBeforeAnyOtherFilter() {
        secured.run(context -> assertThat(unreadBodyFilter(context).getUrlPatterns()).containsExactly("/mcp"));
        secured.withConfiguration(AutoConfigurations.of(DispatcherServletAutoConfiguration.class))
                .withPropertyValues("spring.mvc.servlet.path=/api", "beammcp.http.path=/ai/mcp").run(context -> {
                    FilterRegistrationBean<?> registration = unreadBodyFilter(context);
                    assertThat(registration.getUrlPatterns()).containsExactly("/api/ai/mcp");
                    assertThat(registration.getOrder()).isEqualTo(Ordered.HIGHEST_PRECEDENCE);
                });
    }

    @Test
    void theEndpointsPathIsMappedToTheEndpointAheadOfTheAnnotatedControllers() {
        secured.withConfiguration(AutoConfigurations.of(WebMvcAutoConfiguration.class))
                .withPropertyValues("beammcp.http.path=/ai/mcp").run(context -> {
                    McpHandlerMapping mapping = context.getBean(McpHandlerMapping.class);
                    assertThat(mapping.getOrder()).isLessThan(
                            context.getBean(RequestMappingHandlerMapping.class).getOrder());
                    for (String method : new String[] { "POST", "GET", "DELETE", "PUT" }) {
                        Object handler = mapping.getHandler(new MockHttpServletRequest(method, "/ai/mcp")).getHandler();
                        assertThat(((HandlerMethod) handler).getBean()).isSameAs(context.getBean(McpHttpController.class));
                    }
                    // OPTIONS is left to Spring MVC, which answers it for a mapping that names no method
                    assertThat(mapping.getHandler(new MockHttpServletRequest("OPTIONS", "/ai/mcp"))).isNull();
                    assertThat(mapping.getHandler(new MockHttpServletRequest("POST", "/ai/mcp/"))).isNull();
                    assertThat(mapping.getHandler(new MockHttpServletRequest("POST", "/mcp"))).isNull();
                });
    }

    private static FilterRegistrationBean<?> unreadBodyFilter(ApplicationContext context) {
        return context.getBeanProvider(FilterRegistrationBean.class).stream()
                .filter(registration -> registration.getFilter() instanceof UnreadBodyFilter).findFirst().orElseThrow();
    }

    @Test
    void runsAfterTheServerAutoConfiguration() {
        AutoConfiguration annotation = BeamMcpHttpAutoConfiguration.class.getAnnotation(AutoConfiguration.class);
        assertThat(annotation.after()).containsExactly(io.beammcp.autoconfigure.BeamMcpAutoConfiguration.class);
    }

    // ---- properties ---------------------------------------------------------------------------------

    @Test
    void propertiesHaveSecureDefaults() {
        secured.run(context -> {
            BeamMcpHttpProperties properties = context.getBean(BeamMcpHttpProperties.class);
            assertThat(properties.getPath()).isEqualTo("/mcp");
            assertThat(properties.getAllowedHosts()).isEmpty();
            assertThat(properties.getMaxBodySize().toBytes()).isEqualTo(1024 * 1024);
            assertThat(properties.getReadTimeout()).isEqualTo(Duration.ofSeconds(15));
            assertThat(properties.getSession().getMaxCount()).isEqualTo(1000);
            assertThat(properties.getSession().getIdleTimeout()).isEqualTo(Duration.ofMinutes(30));
        });
    }

    @Test
    void propertiesBind() {
        secured.withPropertyValues("beammcp.http.path=/api/mcp", "beammcp.http.allowed-hosts=mcp.example.com",
                "beammcp.http.max-body-size=64KB", "beammcp.http.read-timeout=3s",
                "beammcp.http.session.max-count=7", "beammcp.http.session.max-per-caller=1",
                "beammcp.http.session.idle-timeout=2m").run(context -> {
                    BeamMcpHttpProperties properties = context.getBean(BeamMcpHttpProperties.class);
                    assertThat(properties.getPath()).isEqualTo("/api/mcp");
                    assertThat(properties.getAllowedOrigins()).containsExactly("http://localhost:*");
                    assertThat(properties.getAllowedHosts()).containsExactly("mcp.example.com");
                    assertThat(properties.getMaxBodySize().toBytes()).isEqualTo(64 * 1024);
                    assertThat(properties.getReadTimeout()).isEqualTo(Duration.ofSeconds(3));
                    assertThat(properties.getSession().getMaxCount()).isEqualTo(7);
                    assertThat(properties.getSession().getMaxPerCaller()).isEqualTo(1);
                    McpSessionStore store = context.getBean(McpSessionStore.class);
                    store.save("first", InMemoryMcpSessionStoreTests.owned("alice"));
                    store.save("second", InMemoryMcpSessionStoreTests.owned("alice"));
                    assertThat(store.find("first")).as("the share reached the store").isNull();
                    assertThat(properties.getSession().getIdleTimeout()).isEqualTo(Duration.ofMinutes(2));
                });
    }

    @Test
    void sizesAndTimesThatCannotServeFailStartup() {
        for (String bad : new String[] { "beammcp.http.max-body-size=0", "beammcp.http.read-timeout=0s",
                "beammcp.http.session.max-count=0", "beammcp.http.session.max-per-caller=0",
                "beammcp.http.session.idle-timeout=-1s", "beammcp.http.path=mcp" }) {
            secured.withPropertyValues(bad).run(context -> assertThat(context).as(bad).hasFailed());
        }
    }

    @Test
    void malformedOriginFailsStartupNamingIt() {
        secured.withPropertyValues("beammcp.http.allowed-origins=https://app.example.com/path").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("'https://app.example.com/path'");
        });
    }

    @Test
    void emptyAllowedOriginsIsAnExplicitChoice() {
        servlet.withUserConfiguration(PermitAll.class).withPropertyValues("beammcp.http.allowed-origins=")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(BeamMcpHttpProperties.class).getAllowedOrigins()).isEmpty();
                });
    }

    @Test
    void everyPropertyIsDocumentedInTheMetadata() throws Exception {
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).isNotNull();
            JsonNode metadata = JsonMapper.builder().build().readTree(in);
            List<String> expected = List.of("beammcp.http.path", "beammcp.http.allowed-origins",
                    "beammcp.http.allowed-hosts", "beammcp.http.max-body-size", "beammcp.http.read-timeout",
                    "beammcp.http.session.max-count", "beammcp.http.session.max-per-caller",
                    "beammcp.http.session.idle-timeout");
            for (String name : expected) {
                JsonNode property = null;
                for (JsonNode p : metadata.get("properties")) {
                    if (p.get("name").stringValue().equals(name)) {
                        property = p;
                    }
                }
                assertThat(property).as(name).isNotNull();
                assertThat(property.path("description").asString("")).as(name).isNotBlank();
            }
        }
    }

    // ---- failure analyzers --------------------------------------------------------------------------

    @Test
    void missingAuthorizerFailsWithAnalyzerText() {
        servlet.withPropertyValues(ORIGINS).run(context -> {
            assertThat(context).hasFailed();
            FailureAnalysis analysis = new MissingMcpAuthorizerFailureAnalyzer().analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).isEqualTo("The MCP endpoint at /mcp needs a bean of type"
                    + " io.beammcp.autoconfigure.http.McpAuthorizer, deciding who may call it before a request body"
                    + " is read, and the application defines none.");
            assertThat(analysis.getAction()).isEqualTo("Add a bean such as @Bean McpAuthorizer"
                    + " mcpAuthorizer(TokenService tokens) { return request ->"
                    + " tokens.isValid(request.header(\"Authorization\")) ? McpAuthorization.permit() :"
                    + " McpAuthorization.deny(\"unknown token\"); }, or @Bean McpAuthorizer mcpAuthorizer() {"
                    + " return McpAuthorizer.permitAll(); } to accept every caller explicitly. Or add Spring Security"
                    + " (spring-boot-starter-security): the authenticated user of its SecurityContext is then admitted,"
                    + " and one line secures the endpoint in a SecurityFilterChain:"
                    + " http.with(McpSecurityConfigurer.mcp(), Customizer.withDefaults()) (on WebFlux, in a"
                    + " SecurityWebFilterChain: McpServerSecurity.mcp().customize(http)).");
        });
    }

    @Test
    void missingAllowedOriginsFailsWithAnalyzerText() {
        servlet.withUserConfiguration(PermitAll.class).withPropertyValues("beammcp.http.path=/ai/mcp").run(context -> {
            assertThat(context).hasFailed();
            FailureAnalysis analysis = new MissingAllowedOriginsFailureAnalyzer().analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).isEqualTo("The MCP endpoint at /ai/mcp needs the property"
                    + " beammcp.http.allowed-origins, listing the web origins whose browser requests it accepts,"
                    + " and the application does not set it.");
            assertThat(analysis.getAction()).isEqualTo("Set beammcp.http.allowed-origins to the origins of the web"
                    + " pages that may call it, such as https://app.example.com,http://localhost:* (an empty value"
                    + " admits only requests without an Origin header), or to * to accept every origin explicitly"
                    + " (quoted in YAML: \"*\").");
        });
    }

    @Test
    void analyzersIgnoreOtherFailures() {
        assertThat(new MissingMcpAuthorizerFailureAnalyzer().analyze(new IllegalStateException("x"))).isNull();
        assertThat(new MissingAllowedOriginsFailureAnalyzer().analyze(new IllegalStateException("x"))).isNull();
    }

    @Test
    void applicationWithoutAuthorizerDoesNotStart(CapturedOutput output) {
        SpringApplication application = new SpringApplication(WebApp.class);
        application.setWebApplicationType(WebApplicationType.SERVLET);
        assertThatException().isThrownBy(() -> application.run("--server.port=0", "--" + ORIGINS));
        assertThat(output).contains("APPLICATION FAILED TO START",
                MissingMcpAuthorizerFailureAnalyzer.DESCRIPTION.formatted("/mcp"),
                MissingMcpAuthorizerFailureAnalyzer.ACTION);
    }

    @Test
    void applicationWithoutAllowedOriginsDoesNotStart(CapturedOutput output) {
        SpringApplication application = new SpringApplication(WebApp.class, PermitAll.class);
        application.setWebApplicationType(WebApplicationType.SERVLET);
        assertThatException().isThrownBy(() -> application.run("--server.port=0"));
        assertThat(output).contains("APPLICATION FAILED TO START",
                MissingAllowedOriginsFailureAnalyzer.DESCRIPTION.formatted("/mcp"),
                MissingAllowedOriginsFailureAnalyzer.ACTION);
    }

    // ---- registration -------------------------------------------------------------------------------

    @Test
    void isRegisteredAsAnAutoConfiguration() {
        assertThat(ImportCandidates.load(AutoConfiguration.class, getClass().getClassLoader()))
                .contains(BeamMcpHttpAutoConfiguration.class.getName());
    }

    @Test
    void analyzersAreRegistered() {
        assertThat(SpringFactoriesLoader.forDefaultResourceLocation().load(FailureAnalyzer.class, null,
                (type, name, failure) -> { }))
                .hasAtLeastOneElementOfType(MissingMcpAuthorizerFailureAnalyzer.class)
                .hasAtLeastOneElementOfType(MissingAllowedOriginsFailureAnalyzer.class);
    }

    // ---- host configurations ------------------------------------------------------------------------

    @Configuration(proxyBeanMethods = false)
    static class Server {

        @Bean
        McpServer mcpServer() {
            return McpServer.builder(Catalog.of(List.of()), (tool, arguments, context) -> ToolResult.of("")).build();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class PermitAll {

        @Bean
        McpAuthorizer mcpAuthorizer() {
            return McpAuthorizer.permitAll();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class BodyCheck {

        @Bean
        McpBodyAuthorizer mcpBodyAuthorizer() {
            return (request, body) -> McpAuthorization.permit();
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnStore {

        static final McpSessionStore STORE = new McpSessionStore() {
            @Override
            public void save(String id, LegacySession session) {
            }

            @Override
            public LegacySession find(String id) {
                return null;
            }

            @Override
            public boolean remove(String id) {
                return false;
            }
        };

        @Bean
        McpSessionStore ownStore() {
            return STORE;
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({ TomcatServletWebServerAutoConfiguration.class, DispatcherServletAutoConfiguration.class,
            WebMvcAutoConfiguration.class, BeamMcpHttpAutoConfiguration.class })
    static class WebApp extends Server {
    }
}
