package io.beammcp.test.readme;

import io.beammcp.core.Revision;
import io.beammcp.test.McpTestClient;
import io.beammcp.test.ToolCallResult;
import io.beammcp.test.autoconfigure.AutoConfigureMcpTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.net.URI;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's host runs as printed: over HTTP with its token, in both revisions, and in process through the
 * test auto-configuration; and it starts without a warning.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "beammcp.http.allowed-origins=http://localhost:*", ReadmeHostTests.WITHOUT_SECURITY })
@AutoConfigureMcpTestClient
@ExtendWith(OutputCaptureExtension.class)
class ReadmeHostTests {

    /** Spring Security is on this module's test class path for the helpdesk; the README's application has none. */
    static final String WITHOUT_SECURITY = "spring.autoconfigure.exclude="
            + "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration,"
            + "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration,"
            + "org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration";

    @LocalServerPort
    int port;

    @Autowired
    ObjectProvider<McpTestClient> clients;

    @Test
    void servesItsToolOverHttpInBothRevisions() {
        for (Revision revision : Revision.values()) {
            try (McpTestClient client = McpTestClient.http(URI.create("http://localhost:" + port + "/mcp"),
                    Map.of("Authorization", "Bearer s3cret")).revision(revision)) {
                assertThat(client.listTools()).singleElement().satisfies(tool -> {
                    assertThat(tool.get("name").asString()).isEqualTo("getWeather");
                    assertThat(tool.at("/inputSchema/required/0").asString()).isEqualTo("place");
                    assertThat(tool.at("/annotations/readOnlyHint").asBoolean()).isTrue();
                });
                ToolCallResult result = client.callTool("getWeather", Map.of("place", "Lisbon"));
                assertThat(result.text()).isEqualTo("Sunny in Lisbon");
            }
        }
    }

    @Test
    void theAutoConfiguredClientGoesOverHttpToTheRunningApplication() {
        // it sends no token: this very server's authorizer refusing it proves where it went
        try (McpTestClient client = clients.getObject()) {
            ToolCallResult refused = client.callTool("getWeather", Map.of("place", "Oslo"));
            assertThat(refused.errorCode()).isEqualTo(-32600);
            assertThat(refused.response().at("/error/message").asString()).isEqualTo("Forbidden");
        }
    }

    @Test
    void startsWithoutAWarning(CapturedOutput output) {
        assertThat(output.getAll()).doesNotContain(" WARN ");
    }
}
