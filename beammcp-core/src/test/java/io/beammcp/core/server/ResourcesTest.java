package io.beammcp.core.server;

import io.beammcp.core.Annotations;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceEntry;
import io.beammcp.core.catalog.ResourceReader;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ResourceTemplateSpec;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ResourcesTest {

    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 0, (byte) 0xFF};

    private final List<String> reads = new CopyOnWriteArrayList<>();
    private final ResourceReader reader = (uri, context) -> {
        reads.add(uri);
        if (uri.equals("test://binary")) {
            return ReadResult.of(ResourceContents.blob(uri, "image/png", PNG));
        }
        if (uri.equals("test://gone")) {
            return ReadResult.notFound();
        }
        if (uri.equals("test://broken")) {
            throw new IllegalStateException("disk at /secret/path failed");
        }
        if (uri.equals("test://empty")) {
            return ReadResult.of();
        }
        return ReadResult.of(ResourceContents.text(uri, "text/plain", "text of " + uri));
    };

    private Wire wire(int pageSize, ResourceEntry... entries) {
        McpServer server = McpServer.builder(Catalog.of(List.of(), List.of(entries), List.of()),
                (n, a, c) -> ToolResult.of("ok")).resourceReader(reader).pageSize(pageSize)
                .cache(CachedResult.RESOURCES, Duration.ofMinutes(5), "public").serverName("test-server").build();
        return new Wire(server);
    }

    private Wire standard() {
        return wire(50, ResourceSpec.builder("test://text", "text").mimeType("text/plain").description("Text").build(),
                ResourceSpec.builder("test://binary", "binary").mimeType("image/png").size(6).build(),
                ResourceSpec.builder("test://gone", "gone").build(),
                ResourceSpec.builder("test://broken", "broken").build(),
                ResourceSpec.builder("test://empty", "empty").build(),
                ResourceTemplateSpec.builder("test://template/{id}/data", "by id").mimeType("application/json").build(),
                ResourceTemplateSpec.builder("file:///{+path}", "files").build());
    }

    @Test
    void listsAreSortedPagedAndCarryTheResourcesCachingHints() {
        Wire wire = wire(2, ResourceSpec.builder("test://c", "c").build(), ResourceSpec.builder("test://a", "a")
                .annotations(new Annotations(List.of("user"), 0.5, "2026-01-01T00:00:00Z")).build(),
                ResourceSpec.builder("test://b", "b").build());
        JsonNode response = wire.modern(1, "resources/list", null);
        JsonNode first = result(response);
        assertThat(uris(first, "resources", "uri")).containsExactly("test://a", "test://b");
        assertThat(first.path("resources").get(0).path("annotations").toString())
                .isEqualTo("{\"audience\":[\"user\"],\"priority\":0.5,\"lastModified\":\"2026-01-01T00:00:00Z\"}");
        assertThat(first.path("ttlMs").asLong()).isEqualTo(300_000);
        assertThat(first.path("cacheScope").asString()).isEqualTo("public");
        JsonNode second = result(wire.modern(2, "resources/list", "\"cursor\":\"" + first.path("nextCursor").asString() + "\""));
        assertThat(uris(second, "resources", "uri")).containsExactly("test://c");
        assertThat(second.has("nextCursor")).isFalse();
    }

    @Test
    void templatesAreListedSortedByTemplate() {
        JsonNode response = standard().modern(1, "resources/templates/list", null);
        assertThat(uris(result(response), "resourceTemplates", "uriTemplate"))
                .containsExactly("file:///{+path}", "test://template/{id}/data");
        assertThat(result(response).path("cacheScope").asString()).isEqualTo("public");
    }

    @Test
    void aCursorOfTheResourcesListIsRefusedOnTheTemplatesList() {
        Wire wire = wire(1, ResourceSpec.builder("test://a", "a").build(), ResourceSpec.builder("test://b", "b").build());
        String cursor = result(wire.modern(1, "resources/list", null)).path("nextCursor").asString();
        JsonNode response = wire.modern(2, "resources/templates/list", "\"cursor\":\"" + cursor + "\"");
        assertError(response, 2, -32602);
        assertThat(response.path("error").path("message").asString()).contains("resources list");
        assertError(wire.modern(3, "tools/list", "\"cursor\":\"" + cursor + "\""), 3, -32602);
    }

    @Test
    void aListedTextResourceIsReadWithTheCachingHints() {
        JsonNode response = standard().modern(1, "resources/read", "\"uri\":\"test://text\"");
        JsonNode result = result(response);
        assertThat(result.path("contents").toString())
                .isEqualTo("[{\"uri\":\"test://text\",\"mimeType\":\"text/plain\",\"text\":\"text of test://text\"}]");
        assertThat(result.path("ttlMs").asLong()).isEqualTo(300_000);
    }

    @Test
    void binaryContentsRoundTripAsBase64() {
        JsonNode result = result(standard().modern(1, "resources/read", "\"uri\":\"test://binary\""));
        byte[] decoded = Base64.getDecoder().decode(result.path("contents").get(0).path("blob").asString());
        assertThat(decoded).isEqualTo(PNG);
        assertThat(result.path("contents").get(0).has("text")).isFalse();
    }

    @Test
    void aTemplateMatchMakesAnUnlistedUriReadable() {
        Wire wire = standard();
        assertThat(result(wire.modern(1, "resources/read", "\"uri\":\"test://template/123/data\"")).path("contents")
                .get(0).path("text").asString()).contains("123");
        assertThat(result(wire.modern(2, "resources/read", "\"uri\":\"file:///a/b/c.txt\"")).path("contents")
                .get(0).path("uri").asString()).isEqualTo("file:///a/b/c.txt");
        assertThat(reads).containsExactly("test://template/123/data", "file:///a/b/c.txt");
    }

    @ParameterizedTest
    @ValueSource(strings = {"test://template//data", "test://template/1/2/data", "test://template/123/data/x",
            "test://unlisted", "file:///", "TEST://text"})
    void unlistedAndUnmatchedUrisAreNotFoundBeforeTheReaderRuns(String uri) {
        Wire wire = standard();
        JsonNode modern = wire.modern(1, "resources/read", "\"uri\":\"" + uri + "\"");
        assertError(modern, 1, -32602);
        assertThat(modern.path("error").path("data").path("uri").asString()).isEqualTo(uri);
        assertThat(wire.last.refused()).isFalse();
        wire.initialize();
        JsonNode legacy = wire.legacy(2, "resources/read", "{\"uri\":\"" + uri + "\"}");
        assertError(legacy, 2, -32002);
        assertThat(legacy.path("error").path("data").path("uri").asString()).isEqualTo(uri);
        assertThat(reads).isEmpty();
    }

    @Test
    void aReadersNotFoundGetsTheSameCodesAndNeverEmptyContents() {
        Wire wire = standard();
        assertError(wire.modern(1, "resources/read", "\"uri\":\"test://gone\""), 1, -32602);
        wire.initialize();
        assertError(wire.legacy(2, "resources/read", "{\"uri\":\"test://gone\"}"), 2, -32002);
    }

    @Test
    void aReaderThatThrowsOrAnswersNothingIsAnOpaqueInternalError() {
        Wire wire = standard();
        String raw = wire.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":"
                + "\"test://broken\"," + Wire.MODERN_META + "}}");
        assertError(Wire.JSON.readTree(raw), 1, -32603);
        assertThat(raw).doesNotContain("secret");
        assertError(wire.modern(2, "resources/read", "\"uri\":\"test://empty\""), 2, -32603);
    }

    @Test
    void aMissingOrNonStringUriIsInvalidParams() {
        Wire wire = standard();
        assertError(wire.modern(1, "resources/read", null), 1, -32602);
        assertError(wire.modern(2, "resources/read", "\"uri\":5"), 2, -32602);
    }

    @Test
    void legacyResultsCarryNoCachingHints() {
        Wire wire = standard();
        wire.initialize();
        JsonNode list = result(wire.legacy(1, "resources/list", null));
        assertThat(list.has("ttlMs")).isFalse();
        JsonNode read = result(wire.legacy(2, "resources/read", "{\"uri\":\"test://binary\"}"));
        assertThat(read.has("cacheScope")).isFalse();
    }

    @Test
    void resourcesAreAdvertisedOnlyWithAReaderAndOtherwiseNotServed() {
        JsonNode offered = result(standard().modern(1, "server/discover", null)).path("capabilities");
        assertThat(offered.path("resources").toString()).isEqualTo("{\"subscribe\":false,\"listChanged\":false}");
        Wire bare = Wire.of();
        JsonNode capabilities = result(bare.modern(1, "server/discover", null)).path("capabilities");
        assertThat(capabilities.has("resources")).isFalse();
        assertError(bare.modern(2, "resources/list", null), 2, -32601);
        assertError(bare.modern(3, "resources/read", "\"uri\":\"test://x\""), 3, -32601);
        bare.initialize();
        assertError(bare.legacy(4, "resources/templates/list", null), 4, -32601);
    }

    @Test
    void startupRefusesMalformedResourceCatalogs() {
        assertThatIllegalArgumentException().isThrownBy(() -> McpServer.builder(
                Catalog.of(List.of(), List.of(ResourceSpec.builder("test://a", "a").build()), List.of()),
                (n, a, c) -> null).build())
                .withMessage("The catalog lists resources but no ResourceReader was given");
        assertRefused("Resource uri 'test://a' is declared twice",
                ResourceSpec.builder("test://a", "a").build(), ResourceSpec.builder("test://a", "b").build());
        assertRefused("Resource template 'x://{a}' is declared twice",
                ResourceTemplateSpec.builder("x://{a}", "a").build(), ResourceTemplateSpec.builder("x://{a}", "b").build());
        assertRefused("Resource uri 'relative/path' must be an absolute URI", ResourceSpec.builder("relative/path", "a").build());
        assertRefused("Resource 'test://a' has no name", ResourceSpec.builder("test://a", " ").build());
        assertRefused("Resource template 'x://{a}/{?q}' uses '{?q}'; only {name} and {+name} with a name of letters, "
                + "digits and '_' are supported", ResourceTemplateSpec.builder("x://{a}/{?q}", "a").build());
        assertRefused("Resource template 'x://{a' has a '{' without its '}'", ResourceTemplateSpec.builder("x://{a", "a").build());
        assertRefused("Resource template 'x://a}' has a '}' without its '{'", ResourceTemplateSpec.builder("x://a}", "a").build());
        assertRefused("Resource template 'x://{}' uses '{}'; only {name} and {+name} with a name of letters, digits "
                + "and '_' are supported", ResourceTemplateSpec.builder("x://{}", "a").build());
        assertRefused("Resource template 'x://{a}/{a}' repeats the variable 'a'",
                ResourceTemplateSpec.builder("x://{a}/{a}", "a").build());
        assertThatIllegalArgumentException().isThrownBy(() -> McpServer.builder(new Catalog() {
            @Override
            public List<io.beammcp.core.ToolSpec> tools() {
                return List.of();
            }

            @Override
            public List<ResourceEntry> resources() {
                return null;
            }
        }, (n, a, c) -> null).build()).withMessage("Catalog.resources() returned null; return an empty list for no resources");
    }

    private void assertRefused(String message, ResourceEntry... entries) {
        assertThatIllegalArgumentException().isThrownBy(() -> McpServer.builder(
                Catalog.of(List.of(), List.of(entries), List.of()), (n, a, c) -> null).resourceReader(reader).build())
                .withMessage(message);
    }

    private static List<String> uris(JsonNode result, String list, String field) {
        List<String> values = new ArrayList<>();
        result.path(list).forEach(r -> values.add(r.path(field).asString()));
        return values;
    }

    @Test
    void theTextOfAReadIsExactUtf8() {
        Wire wire = wire(5, ResourceSpec.builder("test://ü", "u").build());
        JsonNode result = result(wire.modern(1, "resources/read", "\"uri\":\"test://ü\""));
        assertThat(result.path("contents").get(0).path("text").asString().getBytes(StandardCharsets.UTF_8))
                .isEqualTo("text of test://ü".getBytes(StandardCharsets.UTF_8));
    }
}
