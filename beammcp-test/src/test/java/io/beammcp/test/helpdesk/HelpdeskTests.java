package io.beammcp.test.helpdesk;

import io.beammcp.core.Revision;
import io.beammcp.test.McpErrorException;
import io.beammcp.test.McpTestClient;
import io.beammcp.test.ToolCallResult;
import io.beammcp.test.autoconfigure.AutoConfigureMcpTestClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import tools.jackson.databind.JsonNode;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Each feature of the host API, tested with the auto-configured client over HTTP against the running helpdesk,
 * an OAuth 2.1 protected resource: every request carries a token the test signs, with the scopes it names.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "beammcp.http.allowed-origins=http://localhost:*",
        "beammcp.http.oauth2.resource=" + Issuer.RESOURCE,
        "beammcp.http.oauth2.authorization-servers=" + Issuer.URI,
        "beammcp.http.oauth2.scopes-supported=tickets:read,tickets:delete",
        "beammcp.tasks.poll-interval=20ms" })
@AutoConfigureMcpTestClient
class HelpdeskTests {

    private static final Map<String, Object> TASKS = Map.of("io.modelcontextprotocol/tasks", Map.of());

    @Autowired
    McpTestClient client;

    /** The scopes of the token each request carries; {@code null} sends none. */
    String scopes = "tickets:read";

    @BeforeEach
    void signIn() {
        client.bearerToken(() -> scopes == null ? null : Issuer.token(scopes));
    }

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void tools() {
        assertThat(client.listTools()).extracting(tool -> tool.get("name").asString())
                .contains("open_ticket", "delete_ticket");

        Helpdesk.Ticket ticket = client.callTool("open_ticket", Map.of("title", "Printer jam"))
                .structured(Helpdesk.Ticket.class);
        assertThat(ticket.title()).isEqualTo("Printer jam");
        assertThat(ticket.status()).isEqualTo("open");

        ToolCallResult refused = client.callTool("open_ticket", Map.of("title", ""));
        assertThat(refused.isError()).isTrue();
        assertThat(refused.text()).as("names the argument the schema refused").contains("$.title");
    }

    @Test
    void resources() {
        int id = open("Screen flickers");
        assertThat(client.listResources()).extracting(resource -> resource.get("uri").asString())
                .containsExactly("helpdesk://tickets");
        assertThat(client.listResourceTemplates()).extracting(template -> template.get("uriTemplate").asString())
                .containsExactly("helpdesk://tickets/{id}");
        assertThat(client.readResource("helpdesk://tickets/" + id).get(0).get("text").asString())
                .isEqualTo("#" + id + " open: Screen flickers");
        assertThatExceptionOfType(McpErrorException.class).isThrownBy(() -> client.readResource("helpdesk://tickets/0"))
                .satisfies(e -> assertThat(e.data().path("uri").asString()).isEqualTo("helpdesk://tickets/0"));
    }

    @Test
    void prompts() {
        JsonNode prompt = client.getPrompt("triage", Map.of("team", "billing"));
        assertThat(prompt.at("/messages/0/content/text").asString())
                .isEqualTo("Triage the open tickets of the billing team, most urgent first.");
    }

    @Test
    void completion() {
        assertThat(client.completePrompt("triage", "team", "b")).containsExactly("backend", "billing");
    }

    @Test
    void inputRequestsIn2026AreRoundsTheClientRetries() {
        int id = open("Laptop will not boot");
        client.capabilities(Map.of("elicitation", Map.of()));

        ToolCallResult asked = client.callTool("assign_ticket", Map.of("id", id));
        assertThat(asked.inputRequired()).isTrue();
        assertThat(asked.inputRequests().get("assignee").at("/params/message").asString())
                .isEqualTo("Who takes ticket " + id + "?");

        ToolCallResult done = asked.answer(Map.of("assignee", Map.of("action", "accept", "content",
                Map.of("name", "Grace"))));
        assertThat(done.text()).isEqualTo("Ticket " + id + " assigned to Grace");
    }

    @Test
    void inputRequestsIn2025AreServerRequestsTheClientAnswers() {
        int id = open("VPN drops");
        client.revision(Revision.V2025_11_25).capabilities(Map.of("elicitation", Map.of()))
                .answering("elicitation/create", params -> Map.of("action", "accept", "content",
                        Map.of("name", "Grace")));

        assertThat(client.callTool("assign_ticket", Map.of("id", id)).text())
                .isEqualTo("Ticket " + id + " assigned to Grace");
    }

    @Test
    void tasks() {
        int id = open("Export me");
        client.capabilities(Map.of("elicitation", Map.of(), "extensions", TASKS));

        ToolCallResult started = client.callTool("export_tickets", Map.of());
        assertThat(started.isTask()).isTrue();

        ToolCallResult asked = started.awaitTask();   // polls tasks/get until the task ends or asks
        assertThat(asked.inputRequired()).isTrue();
        assertThat(asked.inputRequests().get("format").at("/params/message").asString()).isEqualTo("Which format?");

        ToolCallResult done = asked.answer(Map.of("format", Map.of("action", "accept", "content",
                Map.of("format", "csv"))));           // tasks/update, then polls again
        assertThat(done.taskId()).isEqualTo(started.taskId());
        assertThat(done.text()).startsWith("id,title,status\n").contains("\n" + id + ",Export me,open");
    }

    @ParameterizedTest
    @EnumSource(Revision.class)
    void progress(Revision revision) {
        client.revision(revision).progressToken("reindex-1");

        assertThat(client.callTool("reindex", Map.of()).text()).isEqualTo("Reindexed");
        assertThat(client.notifications()).filteredOn(n -> n.get("method").asString().equals("notifications/progress"))
                .extracting(n -> n.at("/params/progressToken").asString() + " " + n.at("/params/progress").asInt()
                        + "/" + n.at("/params/total").asInt() + " " + n.at("/params/message").asString())
                .containsExactly("reindex-1 1/3 batch 1 of 3", "reindex-1 2/3 batch 2 of 3",
                        "reindex-1 3/3 batch 3 of 3");
    }

    @Test
    void oauthScopes() {
        int id = open("Duplicate of #1");

        ToolCallResult refused = client.callTool("delete_ticket", Map.of("id", id));
        assertThat(refused.errorCode()).isEqualTo(-31403);
        assertThatExceptionOfType(McpErrorException.class).isThrownBy(refused::result).satisfies(e -> {
            assertThat(e.httpStatus()).isEqualTo(403);
            assertThat(e.wwwAuthenticate()).contains("error=\"insufficient_scope\"", "scope=\"tickets:delete\"");
        });

        scopes = "tickets:read tickets:delete";   // the token of the next request holds the scope
        assertThat(client.callTool("delete_ticket", Map.of("id", id)).text()).isEqualTo("Deleted ticket " + id);
    }

    @Test
    void withoutATokenTheServerChallenges() {
        scopes = null;

        assertThatExceptionOfType(McpErrorException.class).isThrownBy(client::listTools).satisfies(e -> {
            assertThat(e.httpStatus()).isEqualTo(401);
            assertThat(e.wwwAuthenticate()).startsWith("Bearer resource_metadata=\"");
            assertThat(e.code()).as("no JSON-RPC error: the security chain answered").isZero();
        });
    }

    private int open(String title) {
        return client.callTool("open_ticket", Map.of("title", title)).structured(Helpdesk.Ticket.class).id();
    }

    /** The issuer's keys, as the decoder would fetch them from its {@code jwk-set-uri}. */
    @TestConfiguration(proxyBeanMethods = false)
    static class IssuerKeys {

        @Bean
        JwtDecoder jwtDecoder() {
            return Issuer.decoder();
        }
    }
}
