package io.beammcp.reliability;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceTemplateSpec;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolResult;
import io.beammcp.core.server.McpServer;
import io.beammcp.test.McpErrorException;
import io.beammcp.test.McpTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.beammcp.reliability.CoreClient.assertError;
import static io.beammcp.reliability.CoreClient.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** Host readers and renderers see only what the catalog lists or a listed template matches. */
@Timeout(60)
class ResourcesAndPromptsTest {

    private final TestHost host = new TestHost();
    private final McpServer server = host.server();
    private final CoreClient client = new CoreClient(server);

    @ParameterizedTest
    @ValueSource(strings = {"test://Static", "test://static/", "test://static?x", "test://static#x", "test://static ",
            " test://static", "test://%73tatic", "TEST://static", "test://template/1/data/", "test://template//data",
            "test://template/a/b/data", "test://template/1/DATA", "file://", "file:///", "file://host/x", ""})
    void unlistedAndUnmatchedUrisNeverReachTheReader(String uri) {
        for (Revision revision : Revision.values()) {
            try (McpTestClient reader = McpTestClient.inProcess(server).revision(revision)) {
                assertThatExceptionOfType(McpErrorException.class).isThrownBy(() -> reader.readResource(uri))
                        .satisfies(e -> assertThat(e.code()).isEqualTo(revision == Revision.V2026_07_28 ? -32602 : -32002))
                        .satisfies(e -> assertThat(e.data().path("uri").asString()).isEqualTo(uri));
            }
        }
        assertThat(host.read).isEmpty();
    }

    @Test
    void templateMatchesReachTheReaderVerbatimAndTraversalIsTheReadersToRefuse() {
        // {var} is one non-empty segment without '/', {+var} anything non-empty: the uri is handed over exactly
        // as sent, "..", percent-escapes and control characters included; resolving it is the host's job
        List<String> uris = List.of("test://template/../data", "test://template/%2e%2e/data",
                "test://template/a%2Fb/data", "test://template/\u0000/data", "test://template/\n/data",
                "file:///../../etc/passwd", "file:///a/b/c", "test://template/{id}/data", "file:///{+path}");
        try (McpTestClient reader = McpTestClient.inProcess(server)) {
            for (String uri : uris) {
                assertThat(reader.readResource(uri)).singleElement().satisfies(c -> assertThat(c.get("uri").asString())
                        .isEqualTo(uri));
            }
        }
        assertThat(host.read).containsExactlyElementsOf(uris);
    }

    @Test
    void aHugeUnmatchedUriIsRefusedQuicklyForTheShippedTemplateShapes() {
        String uri = "test://template/" + "x".repeat(500_000);
        assertTimeoutPreemptively(Duration.ofSeconds(3), () -> assertError(client.modern(1, "resources/read",
                "\"uri\":\"" + uri + "\""), 1, -32602));
    }

    @Test
    void anUnmatchedUriCannotMakeTemplateMatchingQuadratic() {
        List<String> reads = new CopyOnWriteArrayList<>();
        McpServer server = McpServer.builder(Catalog.of(List.of(), List.of(
                ResourceTemplateSpec.builder("test://{a}-{b}", "pair").build()), List.of()),
                (n, a, c) -> ToolResult.of("ok")).resourceReader((uri, context) -> {
                    reads.add(uri);
                    return ReadResult.of(ResourceContents.text(uri, "text/plain", "x"));
                }).build();
        CoreClient pair = new CoreClient(server);
        String uri = "test://" + "-".repeat(50_000) + "/";
        assertTimeoutPreemptively(Duration.ofSeconds(2), () -> assertError(pair.modern(1, "resources/read",
                "\"uri\":\"" + uri + "\""), 1, -32602));
        assertThat(reads).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"nope\"", "\"Greet\"", "\"greet \"", "\"\"", "true", "{\"name\":\"greet\"}", "null", "1"})
    void unknownPromptsNeverReachTheRenderer(String name) {
        JsonNode response = client.modern(1, "prompts/get", "\"name\":" + name + ",\"arguments\":{\"who\":\"x\"}");
        assertError(response, 1, -32602);
        assertThat(host.rendered).isEmpty();
    }

    @Test
    void promptArgumentsAreValidatedBeforeTheRenderer() {
        int id = 0;
        for (String arguments : List.of("{}", "{\"who\":1}", "{\"who\":null}", "{\"who\":\"x\",\"extra\":\"y\"}",
                "{\"who\":[\"x\"]}", "[]", "\"who\"")) {
            assertError(client.modern(++id, "prompts/get", "\"name\":\"greet\",\"arguments\":" + arguments), id, -32602);
        }
        assertThat(host.rendered).isEmpty();
        assertThat(result(client.modern(99, "prompts/get", "\"name\":\"greet\",\"arguments\":{\"who\":\"x\"}"))
                .has("messages")).isTrue();
    }

    @Test
    void completionNeverReachesTheCompleterForUnknownReferences() {
        String argument = ",\"argument\":{\"name\":\"who\",\"value\":\"a\"}";
        int id = 0;
        for (String ref : List.of("{\"type\":\"ref/prompt\",\"name\":\"nope\"}", "{\"type\":\"ref/prompt\",\"name\":true}",
                "{\"type\":\"ref/resource\",\"uri\":\"test://template/1/data\"}", "{\"type\":\"ref/other\"}", "[]",
                "{\"type\":\"ref/resource\",\"uri\":\"test://static\"}")) {
            assertError(client.modern(++id, "completion/complete", "\"ref\":" + ref + argument), id, -32602);
        }
        assertThat(host.completed).isEmpty();
    }
}
