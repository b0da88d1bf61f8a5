package io.beammcp.reliability;

import io.beammcp.autoconfigure.http.McpAuthorization;
import io.beammcp.autoconfigure.http.McpAuthorizer;
import io.beammcp.autoconfigure.http.McpBodyAuthorizer;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.Completer;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.catalog.PromptRenderer;
import io.beammcp.core.catalog.ResourceReader;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The {@link TestHost} as a Spring Boot application using the starter exactly as a user would: host beans
 * plus an authorizer; the server, the HTTP endpoint and its pipeline come from auto-configuration.
 *
 * <p>Switches, by request header: {@code X-Deny} makes the authorizer refuse with a reason holding the
 * secret; {@code X-Throw} makes it throw with a message quoting the secret and the {@code Authorization}
 * value, caused by two more such failures; {@code X-Body-Deny} makes the body authorizer refuse after reading
 * the body; {@code X-Body-Throw} makes it throw with a message quoting the body.
 *
 * <p>Beside the MCP endpoint, the application has endpoints of its own ({@link Uploads}) that read multipart
 * and form bodies the Spring MVC way.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
class ReliabilityApp {

    static final String DENY_REASON = "token revoked " + TestHost.SECRET;

    @Bean
    TestHost testHost() {
        return new TestHost();
    }

    @Bean
    Catalog catalog() {
        return TestHost.catalog();
    }

    @Bean
    Dispatch dispatch(TestHost host) {
        return host.dispatch();
    }

    @Bean
    ResourceReader resourceReader(TestHost host) {
        return host.reader();
    }

    @Bean
    PromptRenderer promptRenderer(TestHost host) {
        return host.renderer();
    }

    @Bean
    Completer completer(TestHost host) {
        return host.completer();
    }

    @Bean
    McpAuthorizer mcpAuthorizer() {
        return request -> {
            if (!request.headers("X-Throw").isEmpty()) {
                throw new IllegalStateException("vault " + TestHost.SECRET + " rejected "
                        + request.header("Authorization"), new UncheckedIOException("token "
                        + request.header("Authorization"), new IOException(TestHost.SECRET)));
            }
            return request.headers("X-Deny").isEmpty() ? McpAuthorization.permit()
                    : McpAuthorization.deny(DENY_REASON);
        };
    }

    @Bean
    McpBodyAuthorizer mcpBodyAuthorizer() {
        return (request, body) -> {
            if (!request.headers("X-Body-Throw").isEmpty()) {
                throw new IllegalStateException("cannot verify " + new String(body, StandardCharsets.UTF_8));
            }
            return request.headers("X-Body-Deny").isEmpty() ? McpAuthorization.permit()
                    : McpAuthorization.deny("bad signature");
        };
    }

    /** The application's own endpoints (registered as a member of this configuration): an upload and a form PUT. */
    @RestController
    static class Uploads {

        @PostMapping("/upload")
        String upload(@RequestParam("file") MultipartFile file, @RequestParam("note") String note) throws IOException {
            return file.getOriginalFilename() + " " + file.getBytes().length + " " + note;
        }

        @PutMapping("/form")
        String form(@RequestParam("a") String a) {
            return a;
        }
    }
}
