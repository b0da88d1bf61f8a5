package io.beammcp.autoconfigure.http;

import io.beammcp.core.Catalog;
import io.beammcp.core.Content;
import io.beammcp.core.Dispatch;
import io.beammcp.core.PromptArgument;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.server.McpServer;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.servlet.autoconfigure.HttpEncodingAutoConfiguration;
import org.springframework.boot.servlet.autoconfigure.MultipartAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration;
import org.springframework.context.annotation.Bean;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A servlet application serving a test catalog over HTTP, as a host would write it; the web stack is the
 * one Spring Boot auto-configures (Tomcat, Spring MVC, error pages, multipart), the MCP server is built
 * here directly so these tests do not depend on the server auto-configuration.
 *
 * <p>Test switches, by request header: {@code X-Test-Deny} makes the authorizer refuse with
 * {@link #SECRET_REASON}, {@code X-Test-Throw} makes it throw with {@link #SECRET_FAILURE},
 * {@code X-Test-Null} makes it return {@code null}; {@code X-Signature} (hex HMAC-SHA256 of the raw body
 * under {@link #HMAC_KEY}) is verified by the body authorizer when present, and {@code X-Test-Body-Throw}
 * makes it throw.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@ImportAutoConfiguration({ TomcatServletWebServerAutoConfiguration.class, DispatcherServletAutoConfiguration.class,
        WebMvcAutoConfiguration.class, HttpMessageConvertersAutoConfiguration.class, JacksonAutoConfiguration.class,
        HttpEncodingAutoConfiguration.class, MultipartAutoConfiguration.class, ErrorMvcAutoConfiguration.class,
        BeamMcpHttpAutoConfiguration.class })
class HttpTestHost {

    static final String SECRET_REASON = "token 7f3a-secret-reason is revoked";
    static final String SECRET_FAILURE = "vault at 10.1.2.3 unreachable, secret 9c1b";
    static final byte[] HMAC_KEY = "test-hmac-key".getBytes(StandardCharsets.UTF_8);
    static final String TEXT_SCHEMA = "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}";
    static final String REGION_SCHEMA = "{\"type\":\"object\",\"properties\":{\"region\":{\"type\":\"string\","
            + "\"x-mcp-header\":\"Region\"},\"size\":{\"type\":\"integer\",\"x-mcp-header\":\"Size\"}}}";

    /** The one listed resource; its URI has a character outside ASCII, so clients send it Base64-encoded. */
    static final String NOTES_URI = "file:///notes/caf\u00e9.txt";

    /** How many times the {@code count} tool ran: proves a refused request never reached host code. */
    static final AtomicInteger COUNTED = new AtomicInteger();

    @Bean
    McpServer mcpServer() {
        Catalog catalog = Catalog.of(List.of(
                ToolSpec.builder("echo").description("Echoes text").inputSchema(TEXT_SCHEMA).build(),
                ToolSpec.builder("regional").description("Echoes its region").inputSchema(REGION_SCHEMA).build(),
                ToolSpec.builder("count").description("Counts its calls").build(),
                ToolSpec.builder("sampler").description("Needs sampling").requiresClientCapabilities("sampling").build(),
                ToolSpec.builder("boom").description("Always fails").build()),
                List.of(ResourceSpec.builder(NOTES_URI, "notes").mimeType("text/plain").build()),
                List.of(PromptSpec.of("greet", "Greets someone", PromptArgument.required("who", "whom to greet"))));
        Dispatch dispatch = (tool, arguments, context) -> {
            switch (tool) {
                case "echo":
                    return ToolResult.of(String.valueOf(arguments.get("text")));
                case "regional":
                    return ToolResult.of(String.valueOf(arguments.get("region")));
                case "count":
                    return ToolResult.of("count " + COUNTED.incrementAndGet());
                default:
                    throw new IllegalStateException("boom with a host secret 51d2");
            }
        };
        return McpServer.builder(catalog, dispatch).serverName("http-test").serverVersion("1.0.0")
                .resourceReader((uri, context) -> ReadResult.of(ResourceContents.text(uri, "text/plain", "remember")))
                .promptRenderer((name, arguments, context) -> PromptResult.of(
                        PromptMessage.user(Content.text("Hello, " + arguments.get("who")))))
                .build();
    }

    @Bean
    McpAuthorizer mcpAuthorizer() {
        return request -> {
            if (request.header("X-Test-Throw") != null) {
                throw new IllegalStateException(SECRET_FAILURE);
            }
            if (request.header("X-Test-Null") != null) {
                return null;
            }
            return request.headers("X-Test-Deny").isEmpty() ? McpAuthorization.permit()
                    : McpAuthorization.deny(SECRET_REASON);
        };
    }

    @Bean
    McpBodyAuthorizer mcpBodyAuthorizer() {
        return (request, body) -> {
            if (request.header("X-Test-Body-Throw") != null) {
                throw new IllegalStateException(SECRET_FAILURE);
            }
            String signature = request.header("X-Signature");
            if (signature == null) {
                return McpAuthorization.permit();
            }
            byte[] expected = hmac(body);
            byte[] given;
            try {
                given = HexFormat.of().parseHex(signature);
            } catch (IllegalArgumentException e) {
                return McpAuthorization.deny("signature is not hex");
            }
            return MessageDigest.isEqual(expected, given) ? McpAuthorization.permit()
                    : McpAuthorization.deny("bad body signature");
        };
    }

    static byte[] hmac(byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(HMAC_KEY, "HmacSHA256"));
            return mac.doFinal(body);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static String signature(byte[] body) {
        return HexFormat.of().formatHex(hmac(body));
    }
}
