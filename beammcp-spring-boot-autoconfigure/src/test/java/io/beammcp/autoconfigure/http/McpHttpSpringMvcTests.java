package io.beammcp.autoconfigure.http;

import io.beammcp.testsupport.LiveHttp;
import io.beammcp.testsupport.Transport;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyAdvice;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What of the application's Spring MVC setup applies to the servlet endpoint: the interceptors it registers
 * run around it, as around its own controllers; a {@code ResponseBodyAdvice} never rewrites its answers, which
 * the endpoint writes itself.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class McpHttpSpringMvcTests {

    private static ConfigurableApplicationContext context;
    private static URI endpoint;

    @BeforeAll
    static void start() {
        context = Transport.SERVLET.application(HttpTestHost.class, Mvc.class)
                .properties("beammcp.http.allowed-origins=http://localhost:*").run();
        endpoint = URI.create("http://127.0.0.1:" + context.getEnvironment()
                .getRequiredProperty("local.server.port", Integer.class) + "/mcp");
    }

    @AfterAll
    static void stop() {
        context.close();
    }

    @Test
    void anInterceptorOfTheApplicationRunsAroundTheEndpoint() throws Exception {
        HttpResponse<String> response = LiveHttp.post(endpoint, EndpointTestSupport.echoCall(1, "hi"),
                LiveHttp.modernHeaders("tools/call", "echo"));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("X-Intercepted")).hasValue("yes");
    }

    @Test
    void aResponseBodyAdviceDoesNotRewriteTheEndpointsRefusals() throws Exception {
        // a request without a body: its refusal was once returned for Spring MVC to write
        HttpResponse<String> response = LiveHttp.send(HttpRequest.newBuilder(endpoint).GET(),
                "Origin", "http://evil.example.com");
        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.body()).isEqualTo("{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Forbidden\"}}");
    }

    @Configuration(proxyBeanMethods = false)
    static class Mvc implements WebMvcConfigurer {

        @Override
        public void addInterceptors(InterceptorRegistry registry) {
            registry.addInterceptor(new HandlerInterceptor() {
                @Override
                public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
                    response.setHeader("X-Intercepted", "yes");
                    return true;
                }
            });
        }

        @Bean
        Rewriting rewriting() {
            return new Rewriting();
        }
    }

    /** Rewrites every body Spring MVC writes. */
    @ControllerAdvice
    static class Rewriting implements ResponseBodyAdvice<Object> {

        @Override
        public boolean supports(MethodParameter returnType, Class<? extends HttpMessageConverter<?>> converterType) {
            return true;
        }

        @Override
        public Object beforeBodyWrite(Object body, MethodParameter returnType, MediaType contentType,
                Class<? extends HttpMessageConverter<?>> converterType, ServerHttpRequest request,
                ServerHttpResponse response) {
            return "rewritten".getBytes(StandardCharsets.UTF_8);
        }
    }
}
