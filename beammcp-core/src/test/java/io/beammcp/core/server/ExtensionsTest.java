package io.beammcp.core.server;

import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.InvalidParamsException;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.extension.CallWrapper;
import io.beammcp.core.extension.ExtensionMethod;
import io.beammcp.core.extension.ExtensionRequest;
import io.beammcp.core.extension.ListenFilter;
import io.beammcp.core.extension.ListenStreams;
import io.beammcp.core.extension.McpExtension;
import io.beammcp.core.extension.Negotiation;
import io.beammcp.core.spi.McpAccessPolicy;
import io.beammcp.core.spi.Reply;
import io.beammcp.core.tasks.InMemoryTaskStore;
import io.beammcp.core.tasks.TaskOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The extension API on the wire: an extension's settings in the capabilities of each revision it is served in,
 * its methods answering only where it is on and negotiated ({@code -32601} elsewhere), its lists paged with the
 * server's cursors, its wrapper around {@code tools/call}, and the build refusing a second extension or method of
 * the same name.
 */
class ExtensionsTest {

    private static final String ID = "io.example/notes";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String DECLARING = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{\"extensions\":{\"" + ID + "\":{}}}}";

    /** A test extension: {@code notes/count}, {@code notes/list} (a paged list) and {@code notes/get} (mirroring id). */
    private static final class Notes implements McpExtension {

        final Negotiation negotiation;
        final List<Revision> served;
        final SortedMap<String, ObjectNode> notes = new TreeMap<>();
        final List<ExtensionRequest> seen = new ArrayList<>();
        CallWrapper wrapper;
        ListenStreams streams;

        Notes(Negotiation negotiation, Revision... served) {
            this.negotiation = negotiation;
            this.served = List.of(served);
            for (String key : new String[] {"a", "b", "c"}) {
                notes.put(key, NODES.objectNode().put("id", key));
            }
        }

        @Override
        public String id() {
            return ID;
        }

        @Override
        public Map<String, Object> settings(Revision revision) {
            return served.contains(revision) ? Map.of("flavour", "plain") : null;
        }

        @Override
        public Negotiation negotiation() {
            return negotiation;
        }

        @Override
        public List<ExtensionMethod> methods() {
            return List.of(ExtensionMethod.of("notes/count", request -> {
                seen.add(request);
                return NODES.objectNode().put("count", notes.size());
            }), ExtensionMethod.of("notes/list", request -> request.page("notes", notes,
                    key -> request.sees(McpAccessPolicy.Kind.RESOURCE, "note:" + key))).cached(Duration.ofMinutes(1), "public"),
                    ExtensionMethod.of("notes/get", request -> {
                        ObjectNode note = notes.get(request.params().path("id").asString());
                        if (note == null) {
                            throw new InvalidParamsException("No note " + request.params().path("id").asString());
                        }
                        return note.deepCopy();
                    }).mirroring("id"),
                    ExtensionMethod.of("notes/fail", request -> {
                        throw new IllegalStateException("a fault of the extension");
                    }));
        }

        @Override
        public CallWrapper wraps(String method) {
            return wrapper;
        }

        /** A listen may follow notes by id under {@code noteIds}: those that exist. */
        @Override
        public Map<String, ListenFilter> listens() {
            return Map.of("noteIds", (request, value) -> {
                if (!value.isArray()) {
                    throw new InvalidParamsException("noteIds must be an array");
                }
                List<String> known = new ArrayList<>();
                value.forEach(id -> {
                    if (notes.containsKey(id.asString())) {
                        known.add(id.asString());
                    }
                });
                return Set.copyOf(known);
            });
        }

        @Override
        public void start(ListenStreams streams) {
            this.streams = streams;
        }
    }

    private static Wire wire(Notes notes) {
        return wire(builder -> builder.extension("notesBean", notes));
    }

    private static Wire wire(UnaryOperator<McpServerBuilder> settings) {
        return Wire.of(settings, (name, args, context) -> ToolResult.of("ran " + name), ToolSpec.builder("echo").build());
    }

    private static JsonNode legacyInitialize(Wire wire, String capabilities) {
        JsonNode response = wire.legacy(0, "initialize", "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":"
                + capabilities + ",\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}");
        wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return response;
    }

    @Test
    void theSettingsAreAdvertisedInTheRevisionsTheExtensionIsServedIn() {
        Wire both = wire(new Notes(Negotiation.NONE, Revision.values()));
        assertThat(result(both.modern(1, "server/discover", null)).at("/capabilities/extensions").toString())
                .isEqualTo("{\"" + ID + "\":{\"flavour\":\"plain\"}}");
        assertThat(result(legacyInitialize(both, "{}")).at("/capabilities/extensions").toString())
                .isEqualTo("{\"" + ID + "\":{\"flavour\":\"plain\"}}");

        Wire modernOnly = wire(new Notes(Negotiation.NONE, Revision.V2026_07_28));
        assertThat(result(legacyInitialize(modernOnly, "{}")).path("capabilities").has("extensions")).isFalse();
        assertError(modernOnly.legacy(2, "notes/count", "{}"), 2, -32601);
        assertThat(result(modernOnly.modern(3, "notes/count", null)).path("count").asInt()).isEqualTo(3);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aMethodOfADeclaredExtensionAnswersANegotiatedRequestAndIsUnknownOtherwiseIn2026(boolean http) {
        Wire wire = wire(new Notes(Negotiation.DECLARED, Revision.values()));
        if (http) {
            wire.http().modernHeaders("notes/count");
        }
        JsonNode answered = result(wire.send(Wire.modernText(1, "notes/count", null, DECLARING)));
        assertThat(answered.path("resultType").asString()).isEqualTo("complete");
        assertThat(answered.path("count").asInt()).isEqualTo(3);

        assertError(wire.modern(2, "notes/count", null), 2, -32601);
        // refused as such: over HTTP a 404
        assertThat(wire.last.kind()).isEqualTo(Reply.Kind.REFUSED);

        Wire without = wire(UnaryOperator.identity());
        if (http) {
            without.http().modernHeaders("notes/count");
        }
        assertError(without.send(Wire.modernText(3, "notes/count", null, DECLARING)), 3, -32601);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aMethodOfADeclaredExtensionAnswersASessionThatDeclaredItAndIsUnknownToOthersIn2025(boolean http) {
        Notes notes = new Notes(Negotiation.DECLARED, Revision.values());
        Wire wire = wire(notes);
        if (http) {
            wire.http().withSession = true;
        }
        legacyInitialize(wire, "{\"extensions\":{\"" + ID + "\":{}}}");
        JsonNode answered = result(wire.legacy(1, "notes/count", "{}"));
        assertThat(answered.path("count").asInt()).isEqualTo(3);
        assertThat(answered.has("resultType")).isFalse();
        assertThat(notes.seen.get(0).declared()).isTrue();

        Wire other = wire(notes);
        if (http) {
            other.http().withSession = true;
        }
        legacyInitialize(other, "{}");
        assertError(other.legacy(2, "notes/count", "{}"), 2, -32601);

        Wire without = wire(UnaryOperator.identity());
        legacyInitialize(without, "{\"extensions\":{\"" + ID + "\":{}}}");
        assertError(without.legacy(3, "notes/count", "{}"), 3, -32601);
    }

    @Test
    void anExtensionNeedingNoDeclarationAnswersEveryRequestAndARequiredOneRefusesNamingIt() {
        Notes free = new Notes(Negotiation.NONE, Revision.values());
        assertThat(result(wire(free).modern(1, "notes/count", null)).path("count").asInt()).isEqualTo(3);
        assertThat(free.seen.get(0).declared()).isFalse();

        JsonNode refused = wire(new Notes(Negotiation.REQUIRED, Revision.values())).modern(2, "notes/count", null);
        assertError(refused, 2, -32021);
        assertThat(refused.at("/error/data").toString())
                .isEqualTo("{\"requiredCapabilities\":{\"extensions\":{\"" + ID + "\":{}}}}");
    }

    @Test
    void itsListsPageWithTheServersCursorsAndCacheHints() {
        Wire wire = wire(builder -> builder.pageSize(1).extension("notesBean", new Notes(Negotiation.NONE,
                Revision.values())));
        List<String> seen = new ArrayList<>();
        JsonNode page = result(wire.modern(1, "notes/list", null));
        assertThat(page.path("ttlMs").asLong()).isEqualTo(60_000);
        assertThat(page.path("cacheScope").asString()).isEqualTo("public");
        while (true) {
            page.path("notes").forEach(note -> seen.add(note.path("id").asString()));
            if (!page.has("nextCursor")) {
                break;
            }
            page = result(wire.modern(2, "notes/list", "\"cursor\":\"" + page.path("nextCursor").asString() + "\""));
        }
        assertThat(seen).containsExactly("a", "b", "c");

        // base64url of "tools:echo": a cursor of the tools list
        JsonNode foreign = wire.modern(4, "notes/list", "\"cursor\":\"dG9vbHM6ZWNobw\"");
        assertError(foreign, 4, -32602);
        assertThat(foreign.at("/error/message").asString()).isEqualTo("Invalid cursor: it belongs to the tools list, "
                + "not notes");
    }

    @Test
    void theAccessPolicyDecidesWhatItsListsShowAndMakesTheirCacheScopePrivate() {
        McpAccessPolicy policy = HidingPolicy.hiding((kind, name) -> name.equals("note:b"));
        Wire wire = wire(builder -> builder.accessPolicy(policy).extension("notesBean",
                new Notes(Negotiation.NONE, Revision.values())));
        JsonNode page = result(wire.modern(1, "notes/list", null));
        assertThat(page.path("notes").toString()).isEqualTo("[{\"id\":\"a\"},{\"id\":\"c\"}]");
        assertThat(page.path("cacheScope").asString()).isEqualTo("private");
    }

    @Test
    void overHttpMcpNameMirrorsTheParamTheMethodNames() {
        Wire wire = wire(new Notes(Negotiation.NONE, Revision.values())).http();
        wire.modernHeaders("notes/get").header("Mcp-Name", "b");
        assertError(wire.modern(1, "notes/get", "\"id\":\"a\""), 1, -32020);
        wire.header("Mcp-Name", "a");
        assertThat(result(wire.modern(2, "notes/get", "\"id\":\"a\"")).path("id").asString()).isEqualTo("a");
    }

    @Test
    void itsHandlersRefuseWithInvalidParamsAndTheirFaultsAreInternalErrors() {
        Wire wire = wire(new Notes(Negotiation.NONE, Revision.values()));
        JsonNode unknown = wire.modern(1, "notes/get", "\"id\":\"z\"");
        assertError(unknown, 1, -32602);
        assertThat(unknown.at("/error/message").asString()).isEqualTo("No note z");
        JsonNode fault = wire.modern(2, "notes/fail", null);
        assertError(fault, 2, -32603);
        assertThat(fault.at("/error/message").asString()).isEqualTo("Internal error");
    }

    @Test
    void aWrapperRunsAroundTheWorkOfToolsCallAndMayRefuseItBeforeItsArgumentsAreChecked() {
        Notes notes = new Notes(Negotiation.NONE, Revision.values());
        notes.wrapper = (call, work) -> {
            if (call.context().tool().name().equals("echo") && call.params().path("arguments").has("refuse")) {
                throw new InvalidParamsException("refused by the extension");
            }
            return () -> {
                ObjectNode result = work.get();
                result.put("wrapped", call.declared());
                return result;
            };
        };
        Wire wire = wire(notes);
        JsonNode wrapped = result(wire.modern(1, "tools/call", "\"name\":\"echo\""));
        assertThat(wrapped.at("/content/0/text").asString()).isEqualTo("ran echo");
        assertThat(wrapped.path("wrapped").asBoolean(true)).isFalse();
        JsonNode refused = wire.modern(2, "tools/call", "\"name\":\"echo\",\"arguments\":{\"refuse\":1}");
        assertError(refused, 2, -32602);
        assertThat(refused.at("/error/message").asString()).isEqualTo("refused by the extension");
    }

    /** An extension served in both revisions with these methods and listen filter members, and nothing else. */
    private static McpExtension bare(String id, List<ExtensionMethod> methods, Map<String, ListenFilter> listens) {
        return new McpExtension() {
            @Override
            public String id() {
                return id;
            }

            @Override
            public Map<String, Object> settings(Revision revision) {
                return Map.of();
            }

            @Override
            public List<ExtensionMethod> methods() {
                return methods;
            }

            @Override
            public Map<String, ListenFilter> listens() {
                return listens;
            }
        };
    }

    @Test
    void aSecondExtensionOfAnIdentifierFailsTheBuildNamingBoth() {
        assertThatThrownBy(() -> wire(builder -> builder.extension("first", new Notes(Negotiation.NONE, Revision.values()))
                .extension("second", new Notes(Negotiation.NONE, Revision.values()))))
                .isInstanceOf(InvalidCatalogException.class)
                .hasMessage("Extension io.example/notes is contributed twice: by first and by second");
    }

    @Test
    void aBuildRefusedWithTasksOnLeavesNoThreadWatchingTheStore() {
        long before = watchThreads();
        for (int i = 0; i < 3; i++) {
            assertThatThrownBy(() -> wire(builder -> builder.tasks(new InMemoryTaskStore(10), TaskOptions.DEFAULTS)
                    .extension("first", new Notes(Negotiation.NONE, Revision.values()))
                    .extension("second", new Notes(Negotiation.NONE, Revision.values()))))
                    .isInstanceOf(InvalidCatalogException.class);
        }
        assertThat(watchThreads()).isLessThanOrEqualTo(before);
    }

    private static long watchThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.isAlive() && thread.getName().equals("beammcp-task-watch")).count();
    }

    /** What a second extension beside {@link Notes} may not add, and the refusal naming both. */
    enum Clash {
        METHOD(bare("io.example/other", List.of(ExtensionMethod.of("notes/count", request -> NODES.objectNode())),
                Map.of()), "Method notes/count is added twice: by extension io.example/notes (first) and by extension "
                + "io.example/other (second)"),
        LISTEN_MEMBER(bare("io.example/reader", List.of(), Map.of("noteIds", (request, value) -> Set.of())),
                "Listen filter member noteIds is read twice: by extension io.example/notes (first) and by extension "
                + "io.example/reader (second)");

        final McpExtension second;
        final String message;

        Clash(McpExtension second, String message) {
            this.second = second;
            this.message = message;
        }
    }

    @ParameterizedTest
    @EnumSource(Clash.class)
    void aMethodOrListenMemberTwoExtensionsClaimFailsTheBuildNamingBoth(Clash clash) {
        assertThatThrownBy(() -> wire(builder -> builder.extension("first", new Notes(Negotiation.NONE, Revision.values()))
                .extension("second", clash.second)))
                .isInstanceOf(InvalidCatalogException.class).hasMessage(clash.message);
    }

    /** What one extension may not be or claim, and the refusal naming it. */
    enum Refused {
        NO_PREFIX(bare("notes", List.of(), Map.of()), "Extension notes (bean) has no valid identifier: a prefix of "
                + "dot-separated labels, a slash and a name, such as io.example/notes"),
        SERVERS_OWN_METHOD(bare("io.example/own", List.of(ExtensionMethod.of("tools/list", request -> NODES.objectNode())),
                Map.of()), "Method tools/list of extension io.example/own (bean) is one of the server's own"),
        SERVERS_OWN_LISTEN_MEMBER(bare("io.example/own", List.of(), Map.of("toolsListChanged", (request, value) -> Set.of())),
                "Listen filter member toolsListChanged of extension io.example/own (bean) is one of the server's own");

        final McpExtension extension;
        final String message;

        Refused(McpExtension extension, String message) {
            this.extension = extension;
            this.message = message;
        }
    }

    @ParameterizedTest
    @EnumSource(Refused.class)
    void anExtensionThatCouldNotBeServedFailsTheBuildNamingIt(Refused refused) {
        assertThatThrownBy(() -> wire(builder -> builder.extension("bean", refused.extension)))
                .isInstanceOf(InvalidCatalogException.class).hasMessage(refused.message);
    }

    @Test
    void aListenFollowsTheKeysTheExtensionAgreesToAndGetsItsNotificationsTagged() {
        Notes notes = new Notes(Negotiation.NONE, Revision.values());
        Wire wire = wire(notes);
        assertThat(wire.modern(1, "subscriptions/listen", "\"notifications\":{\"noteIds\":[\"a\",\"z\"]}")).isNull();
        assertThat(wire.sent().get(0).at("/params/notifications").toString()).isEqualTo("{\"noteIds\":[\"a\"]}");
        assertThat(notes.streams.followed("noteIds")).containsExactly("a");

        notes.streams.notify("noteIds", "a", "notifications/notes", NODES.objectNode().put("id", "a"));
        notes.streams.notify("noteIds", "b", "notifications/notes", NODES.objectNode().put("id", "b"));
        assertThat(wire.sent()).hasSize(2);
        JsonNode told = wire.sent().get(1);
        assertThat(told.path("method").asString()).isEqualTo("notifications/notes");
        assertThat(told.at("/params/id").asString()).isEqualTo("a");
        assertThat(told.at("/params/_meta/io.modelcontextprotocol~1subscriptionId").asInt()).isEqualTo(1);

        JsonNode refused = wire.modern(2, "subscriptions/listen", "\"notifications\":{\"noteIds\":\"a\"}");
        assertError(refused, 2, -32602);
        assertThat(refused.at("/error/message").asString()).isEqualTo("noteIds must be an array");
    }

    @Test
    void closingTheServerStopsItsExtensions() {
        List<String> closed = new ArrayList<>();
        McpServer server = McpServer.builder().extension("bean", new McpExtension() {
            @Override
            public String id() {
                return ID;
            }

            @Override
            public Map<String, Object> settings(Revision revision) {
                return Map.of();
            }

            @Override
            public void close() {
                closed.add("closed");
            }
        }).build();
        server.close();
        assertThat(closed).containsExactly("closed");
    }
}
