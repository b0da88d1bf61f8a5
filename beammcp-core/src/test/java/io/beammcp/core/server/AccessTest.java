package io.beammcp.core.server;

import io.beammcp.core.spi.Reply;
import io.beammcp.core.spi.McpAccessPolicy;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.Completer;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ResourceTemplateSpec;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.Content;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.security.Principal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

/** Per-caller visibility and declared scopes: one rule on list and on use, and lists marked private. */
class AccessTest {

    /** alice holds "files:read" and sees everything; bob holds nothing and sees nothing named "secret*". */
    private static final Map<String, Set<String>> GRANTS = Map.of("alice", Set.of("files:read", "files:write"),
            "bob", Set.of("files:read"));

    private final List<String> ran = new CopyOnWriteArrayList<>();

    private final McpAccessPolicy policy = new McpAccessPolicy() {
        @Override
        public boolean grants(Principal principal, String scope) {
            return principal != null && GRANTS.getOrDefault(principal.getName(), Set.of()).contains(scope);
        }

        @Override
        public boolean sees(Principal principal, Kind kind, String name) {
            return principal != null && (principal.getName().equals("alice") || !name.contains("secret"));
        }
    };

    private Wire wire(McpAccessPolicy access) {
        Catalog catalog = Catalog.of(List.of(ToolSpec.builder("open").build(), ToolSpec.builder("secret_tool").build(),
                        ToolSpec.builder("write").scopes("files:read", "files:write").build()),
                List.of(ResourceSpec.builder("test://open", "open").build(),
                        ResourceSpec.builder("test://secret", "secret").build(),
                        ResourceSpec.builder("test://scoped", "scoped").scopes("files:write").build(),
                        ResourceTemplateSpec.builder("test://secret/{id}", "secretTemplate").build()),
                List.of(PromptSpec.of("greet", null), PromptSpec.of("secret_prompt", null),
                        PromptSpec.of("admin", null).withScopes("files:write")));
        Completer completer = (reference, argument, value, context) -> List.of("x");
        McpServerBuilder builder = McpServer.builder(catalog, (name, args, ctx) -> {
            ran.add(name);
            return ToolResult.of("ok");
        }).resourceReader((uri, c) -> {
            ran.add(uri);
            return ReadResult.of(ResourceContents.text(uri, null, "x"));
        }).promptRenderer((name, args, c) -> {
            ran.add(name);
            return new PromptResult(null, List.of(PromptMessage.user(Content.text("hi"))));
        }).completer(completer).cache(CachedResult.TOOLS, Duration.ofSeconds(5), "public")
                .cache(CachedResult.PROMPTS, Duration.ofSeconds(5), "public").catalogChanges(new CatalogChanges());
        if (access != null) {
            builder.accessPolicy(access);
        }
        return new Wire(builder.build());
    }

    private static List<String> names(JsonNode list, String field, String key) {
        return list.get(field).valueStream().map(item -> item.get(key).stringValue()).toList();
    }

    @Test
    void whatACallerCannotSeeIsLeftOutOfEveryList() {
        Wire wire = wire(policy);
        wire.principal = () -> "bob";
        assertThat(names(result(wire.modern(1, "tools/list", "")), "tools", "name")).containsExactly("open", "write");
        assertThat(names(result(wire.modern(2, "resources/list", "")), "resources", "uri"))
                .containsExactly("test://open", "test://scoped");
        assertThat(result(wire.modern(3, "resources/templates/list", "")).get("resourceTemplates")).isEmpty();
        assertThat(names(result(wire.modern(4, "prompts/list", "")), "prompts", "name"))
                .containsExactly("admin", "greet");
        wire.principal = () -> "alice";
        assertThat(names(result(wire.modern(5, "tools/list", "")), "tools", "name"))
                .containsExactly("open", "secret_tool", "write");
    }

    @Test
    void aHiddenEntryIsUnknownOnCallReadGetAndCompleteWithTheErrorOfAMissingName() {
        Wire wire = wire(policy);
        wire.principal = () -> "bob";
        JsonNode hidden = wire.modern(1, "tools/call", "\"name\":\"secret_tool\"");
        JsonNode missing = wire.modern(1, "tools/call", "\"name\":\"secret_tooX\"");
        assertError(hidden, 1, -32602);
        assertThat(hidden.get("error").get("message").stringValue()).isEqualTo("Unknown tool: secret_tool");
        assertThat(missing.get("error").get("message").stringValue()).isEqualTo("Unknown tool: secret_tooX");

        JsonNode read = wire.modern(2, "resources/read", "\"uri\":\"test://secret\"");
        JsonNode readMissing = wire.modern(2, "resources/read", "\"uri\":\"test://nothing\"");
        assertError(read, 2, -32602);
        assertThat(read.get("error").get("message")).isEqualTo(readMissing.get("error").get("message"));
        assertError(wire.modern(3, "resources/read", "\"uri\":\"test://secret/42\""), 3, -32602);

        JsonNode get = wire.modern(4, "prompts/get", "\"name\":\"secret_prompt\"");
        JsonNode getMissing = wire.modern(4, "prompts/get", "\"name\":\"secret_promptX\"");
        assertError(get, 4, -32602);
        assertThat(get.get("error").get("message")).isEqualTo(getMissing.get("error").get("message"));

        assertError(wire.modern(5, "completion/complete",
                "\"ref\":{\"type\":\"ref/resource\",\"uri\":\"test://secret/{id}\"},\"argument\":{\"name\":\"id\","
                        + "\"value\":\"\"}"), 5, -32602);
        assertThat(ran).isEmpty();

        wire.principal = () -> "alice";
        result(wire.modern(6, "tools/call", "\"name\":\"secret_tool\""));
        result(wire.modern(7, "resources/read", "\"uri\":\"test://secret/42\""));
        assertThat(ran).containsExactly("secret_tool", "test://secret/42");
    }

    @Test
    void aVisibleEntryWhoseScopesTheCallerLacksIsRefusedNamingEveryScopeAndNoHostCodeRuns() {
        Wire wire = wire(policy);
        wire.principal = () -> "bob";
        JsonNode call = wire.modern(1, "tools/call", "\"name\":\"write\"");
        assertError(call, 1, -31403);
        assertThat(call.get("error").get("data").get("scopes").valueStream().map(JsonNode::stringValue).toList())
                .containsExactly("files:read", "files:write");
        assertThat(wire.last.kind()).isEqualTo(Reply.Kind.INSUFFICIENT_SCOPE);
        assertThat(wire.last.scopes()).containsExactly("files:read", "files:write");
        assertThat(wire.last.refused()).isTrue();

        assertError(wire.modern(2, "resources/read", "\"uri\":\"test://scoped\""), 2, -31403);
        assertThat(wire.last.scopes()).containsExactly("files:write");
        assertError(wire.modern(3, "prompts/get", "\"name\":\"admin\""), 3, -31403);
        assertThat(wire.last.scopes()).containsExactly("files:write");
        wire.initialize();
        assertError(wire.legacy(4, "tools/call", "{\"name\":\"write\"}"), 4, -31403);
        assertThat(wire.last.kind()).isEqualTo(Reply.Kind.INSUFFICIENT_SCOPE);
        assertThat(ran).isEmpty();

        wire.principal = () -> "alice";
        result(wire.modern(5, "tools/call", "\"name\":\"write\""));
        result(wire.modern(6, "prompts/get", "\"name\":\"admin\""));
        assertThat(ran).containsExactly("write", "admin");
    }

    @Test
    void declaredScopesWithoutAPolicyAreHeldByNobodyAndEverythingElseIsServedAsBefore() {
        Wire wire = wire(null);
        wire.principal = () -> "alice";
        assertError(wire.modern(1, "tools/call", "\"name\":\"write\""), 1, -31403);
        result(wire.modern(2, "tools/call", "\"name\":\"secret_tool\""));
        JsonNode list = result(wire.modern(3, "tools/list", ""));
        assertThat(names(list, "tools", "name")).containsExactly("open", "secret_tool", "write");
        assertThat(list.get("cacheScope").stringValue()).isEqualTo("public");
    }

    @Test
    void listsThatDependOnTheCallerArePrivateWhateverScopeIsConfigured() {
        Wire wire = wire(policy);
        wire.principal = () -> "bob";
        JsonNode tools = result(wire.modern(1, "tools/list", ""));
        assertThat(tools.get("cacheScope").stringValue()).isEqualTo("private");
        assertThat(tools.get("ttlMs").asLong()).isEqualTo(5000);
        assertThat(result(wire.modern(2, "prompts/list", "")).get("cacheScope").stringValue()).isEqualTo("private");

        // a policy deciding scopes only leaves the lists as they are, and their configured scope with them
        Wire scopesOnly = wire((principal, scope) -> true);
        assertThat(result(scopesOnly.modern(3, "tools/list", "")).get("cacheScope").stringValue()).isEqualTo("public");
    }

    @Test
    void pagesSkipHiddenEntriesAndANextCursorComesOnlyWhenAVisibleOneFollows() {
        Wire wire = new Wire(McpServer.builder(Catalog.of(List.of(ToolSpec.builder("a").build(),
                ToolSpec.builder("b").build(), ToolSpec.builder("secret_c").build())),
                (n, a, c) -> ToolResult.of("ok")).accessPolicy(policy).pageSize(2).build());
        wire.principal = () -> "bob";
        JsonNode page = result(wire.modern(1, "tools/list", ""));
        assertThat(names(page, "tools", "name")).containsExactly("a", "b");
        assertThat(page.has("nextCursor")).isFalse();
        wire.principal = () -> "alice";
        JsonNode first = result(wire.modern(2, "tools/list", ""));
        assertThat(first.get("nextCursor")).isNotNull();
    }

    @Test
    void aListenNeverSubscribesToNorConfirmsAHiddenResource() {
        Wire wire = wire(policy);
        wire.principal = () -> "bob";
        assertThat(wire.send(Wire.modernText(1, "subscriptions/listen", "\"notifications\":{\"resourceSubscriptions\":"
                + "[\"test://open\",\"test://secret\",\"test://secret/42\"]}", Wire.MODERN_META))).isNull();
        assertThat(wire.notifications).hasSize(1);
        assertThat(wire.notifications.get(0)).contains("\"resourceSubscriptions\":[\"test://open\"]");
    }

    @Test
    void aThrowingPolicyHidesAndGrantsNothing() {
        Wire wire = wire(new McpAccessPolicy() {
            @Override
            public boolean grants(Principal principal, String scope) {
                throw new IllegalStateException("down");
            }

            @Override
            public boolean sees(Principal principal, Kind kind, String name) {
                if (name.contains("secret")) {
                    throw new IllegalStateException("down");
                }
                return true;
            }
        });
        wire.principal = () -> "alice";
        assertThat(names(result(wire.modern(1, "tools/list", "")), "tools", "name")).containsExactly("open", "write");
        assertError(wire.modern(2, "tools/call", "\"name\":\"secret_tool\""), 2, -32602);
        assertError(wire.modern(3, "tools/call", "\"name\":\"write\""), 3, -31403);
        assertThat(ran).isEmpty();
    }
}
