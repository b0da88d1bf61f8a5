package io.beammcp.core.server;

import io.beammcp.core.spi.McpAccessPolicy;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.Content;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceEntry;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ResourceTemplateSpec;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.security.Principal;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static io.beammcp.core.server.Wire.assertError;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A list change reaches only the streams whose caller sees an entry that changed: a change of hidden entries
 * alone tells a caller nothing, on {@code subscriptions/listen} and on a legacy session's channel alike.
 */
class VisibleChangesTest {

    private static final String TOOLS = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}";

    /** alice sees everything; bob sees nothing whose name holds "secret". */
    static final McpAccessPolicy POLICY = new McpAccessPolicy() {
        @Override
        public boolean grants(Principal principal, String scope) {
            return false;
        }

        @Override
        public boolean sees(Principal principal, Kind kind, String name) {
            return principal != null && (principal.getName().equals("alice") || !name.contains("secret"));
        }
    };

    private final CatalogChanges changes = new CatalogChanges();
    private final AtomicReference<List<ToolSpec>> tools = new AtomicReference<>(List.of(tool("open", null)));
    private final AtomicReference<List<ResourceEntry>> resources = new AtomicReference<>(
            List.of(ResourceSpec.builder("test://open", "open").build()));
    private final AtomicReference<List<PromptSpec>> prompts = new AtomicReference<>(
            List.of(PromptSpec.of("greet", null)));

    private final Catalog catalog = new Catalog() {
        @Override
        public List<ToolSpec> tools() {
            return tools.get();
        }

        @Override
        public List<ResourceEntry> resources() {
            return resources.get();
        }

        @Override
        public List<PromptSpec> prompts() {
            return prompts.get();
        }
    };

    private McpServer server(McpAccessPolicy policy) {
        return McpServer.builder(catalog, (name, args, ctx) -> ToolResult.of("ok"))
                .resourceReader((uri, ctx) -> ReadResult.of(ResourceContents.text(uri, "text/plain", "x")))
                .promptRenderer((name, args, ctx) -> PromptResult.of(PromptMessage.user(Content.text("hi"))))
                .catalogChanges(changes).accessPolicy(policy).build();
    }

    private static ToolSpec tool(String name, String description) {
        return ToolSpec.builder(name).description(description).build();
    }

    private void setTools(ToolSpec... specs) {
        tools.set(List.of(specs));
        changes.toolsChanged();
    }

    /** A client of {@code server} calling as {@code name}, listening to every list change. */
    private static Wire listening(McpServer server, String name) {
        Wire wire = new Wire(server);
        wire.principal = () -> name;
        assertThat(wire.send(Wire.modernText(1, "subscriptions/listen", "\"notifications\":{\"toolsListChanged\":"
                + "true,\"promptsListChanged\":true,\"resourcesListChanged\":true}", Wire.MODERN_META))).isNull();
        assertThat(wire.notifications).hasSize(1);
        wire.notifications.clear();
        return wire;
    }

    /** A legacy HTTP client of {@code server} calling as {@code name}, with its session's stream open. */
    private static Wire legacyStream(McpServer server, String name) {
        Wire wire = new Wire(server).http();
        wire.principal = () -> name;
        wire.initialize();
        wire.withSession = true;
        assertThat(server.openStream(wire.exchange(), reply -> { })).isNull();
        return wire;
    }

    private static List<String> methods(Wire wire) {
        return wire.sent().stream().map(n -> n.path("method").asString()).toList();
    }

    @Test
    void addingAHiddenToolTellsOnlyTheCallerWhoSeesItAndAVisibleOneTellsBoth() {
        McpServer server = server(POLICY);
        Wire alice = listening(server, "alice");
        Wire bob = listening(server, "bob");

        setTools(tool("open", null), tool("secret", null));
        assertThat(methods(alice)).containsExactly("notifications/tools/list_changed");
        assertThat(bob.notifications).isEmpty();

        setTools(tool("open", null), tool("secret", null), tool("two", null));
        assertThat(methods(alice)).hasSize(2);
        assertThat(bob.sent()).extracting(n -> n.path("method").asString() + " "
                + n.at("/params/_meta/io.modelcontextprotocol~1subscriptionId").asInt())
                .as("bob hears of the visible change only, tagged with his listen").containsExactly(
                        "notifications/tools/list_changed 1");
    }

    @Test
    void changingOrRemovingOnlyHiddenEntriesTellsNobodyWhoCannotSeeThem() {
        setTools(tool("open", null), tool("secret", null));
        McpServer server = server(POLICY);
        Wire alice = listening(server, "alice");
        Wire bob = listening(server, "bob");

        setTools(tool("open", null), tool("secret", "now described"));
        setTools(tool("open", null));
        assertThat(alice.notifications).hasSize(2);
        assertThat(bob.notifications).isEmpty();

        // a visible entry changed in place (same name, different spec) is a change bob sees
        setTools(tool("open", "now described"));
        assertThat(alice.notifications).hasSize(3);
        assertThat(methods(bob)).containsExactly("notifications/tools/list_changed");

        // a report that changed nothing concerns nobody
        changes.toolsChanged();
        assertThat(alice.notifications).hasSize(3);
        assertThat(bob.notifications).hasSize(1);
    }

    @Test
    void resourcesTemplatesAndPromptsAreDecidedTheSameWay() {
        McpServer server = server(POLICY);
        Wire alice = listening(server, "alice");
        Wire bob = listening(server, "bob");

        resources.set(List.of(ResourceSpec.builder("test://open", "open").build(),
                ResourceSpec.builder("test://secret", "hidden").build(),
                ResourceTemplateSpec.builder("test://secret/{id}", "hiddenTemplate").build()));
        changes.resourcesChanged();
        prompts.set(List.of(PromptSpec.of("greet", null), PromptSpec.of("secret_prompt", null)));
        changes.promptsChanged();
        assertThat(methods(alice)).containsExactly("notifications/resources/list_changed",
                "notifications/prompts/list_changed");
        assertThat(bob.notifications).isEmpty();

        resources.set(List.of(ResourceSpec.builder("test://open", "open").build(),
                ResourceTemplateSpec.builder("test://items/{id}", "items").build()));
        changes.resourcesChanged();
        prompts.set(List.of(PromptSpec.of("greet", "Says hello.")));
        changes.promptsChanged();
        assertThat(methods(bob)).containsExactly("notifications/resources/list_changed",
                "notifications/prompts/list_changed");
        assertThat(alice.notifications).hasSize(4);
    }

    @Test
    void aLegacySessionStreamHearsOnlyOfChangesItsOpenerSees() {
        McpServer server = server(POLICY);
        Wire alice = legacyStream(server, "alice");
        Wire bob = legacyStream(server, "bob");

        setTools(tool("open", null), tool("secret", null));
        assertThat(alice.notifications).containsExactly(TOOLS);
        assertThat(bob.notifications).isEmpty();

        setTools(tool("open", null), tool("secret", null), tool("two", null));
        assertThat(alice.notifications).containsExactly(TOOLS, TOOLS);
        assertThat(bob.notifications).containsExactly(TOOLS);
    }

    @Test
    void aLegacyStdioChannelHearsOnlyOfChangesItsPrincipalSees() {
        Wire bob = new Wire(server(POLICY));
        bob.principal = () -> "bob";
        bob.initialize();
        bob.notifications.clear();

        setTools(tool("open", null), tool("secret", null));
        assertThat(bob.notifications).isEmpty();
        setTools(tool("open", null), tool("secret", null), tool("two", null));
        assertThat(bob.notifications).containsExactly(TOOLS);
    }

    @Test
    void withAPolicyThatHidesNothingEveryListenerHearsOfEveryReportedChange() {
        McpServer server = server((principal, scope) -> true);
        Wire alice = listening(server, "alice");
        Wire bob = listening(server, "bob");
        setTools(tool("open", null), tool("secret", null));
        changes.toolsChanged();
        assertThat(alice.notifications).hasSize(2);
        assertThat(bob.notifications).hasSize(2);
    }

    @Test
    void aLegacySessionCannotSubscribeToAHiddenResource() {
        resources.set(List.of(ResourceSpec.builder("test://open", "open").build(),
                ResourceSpec.builder("test://secret", "hidden").build()));
        Wire bob = new Wire(server(POLICY));
        bob.principal = () -> "bob";
        bob.initialize();
        JsonNode hidden = bob.legacy(1, "resources/subscribe", "{\"uri\":\"test://secret\"}");
        JsonNode missing = bob.legacy(2, "resources/subscribe", "{\"uri\":\"test://nothing\"}");
        assertError(hidden, 1, -32002);
        assertThat(hidden.get("error").get("message")).isEqualTo(missing.get("error").get("message"));
        bob.notifications.clear();
        changes.resourceUpdated("test://secret");
        assertThat(bob.notifications).isEmpty();
    }
}
