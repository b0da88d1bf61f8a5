package io.beammcp.core.server;

import io.beammcp.core.Revision;
import io.beammcp.core.ToolAnnotations;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

class ToolsListTest {

    private static ToolSpec[] tools(String... names) {
        return java.util.Arrays.stream(names).map(n -> ToolSpec.builder(n).description(n).build())
                .toArray(ToolSpec[]::new);
    }

    private static Wire paged(int pageSize, String... names) {
        return Wire.of(b -> b.pageSize(pageSize), (n, a, c) -> ToolResult.of("ok"), tools(names));
    }

    private static List<String> names(JsonNode result) {
        List<String> names = new ArrayList<>();
        result.path("tools").forEach(t -> names.add(t.path("name").asString()));
        return names;
    }

    @Test
    void toolsAreSortedByNameAndPagedWithAnOpaqueCursorUntilTheLastPage() {
        Wire wire = paged(2, "delta", "alpha", "echo", "charlie", "bravo");
        JsonNode first = result(wire.modern(1, "tools/list", null));
        assertThat(names(first)).containsExactly("alpha", "bravo");
        String cursor = first.path("nextCursor").asString();
        assertThat(cursor).doesNotContain("bravo");
        JsonNode second = result(wire.modern(2, "tools/list", "\"cursor\":\"" + cursor + "\""));
        assertThat(names(second)).containsExactly("charlie", "delta");
        JsonNode third = result(wire.modern(3, "tools/list",
                "\"cursor\":\"" + second.path("nextCursor").asString() + "\""));
        assertThat(names(third)).containsExactly("echo");
        assertThat(third.has("nextCursor")).isFalse();
    }

    @Test
    void anExactlyFullLastPageHasNoNextCursor() {
        JsonNode result = result(paged(2, "a", "b").modern(1, "tools/list", null));
        assertThat(names(result)).containsExactly("a", "b");
        assertThat(result.has("nextCursor")).isFalse();
    }

    @Test
    void theDefaultPageHoldsFiftyTools() {
        ToolSpec[] many = IntStream.range(0, 120).mapToObj(i -> ToolSpec.builder(String.format("t%03d", i)).build())
                .toArray(ToolSpec[]::new);
        JsonNode result = result(Wire.of(many).modern(1, "tools/list", null));
        assertThat(result.path("tools").size()).isEqualTo(50);
        assertThat(result.has("nextCursor")).isTrue();
    }

    @Test
    void aCursorStaysValidWhenTheListChangesBetweenPagesAndSkipsNoSurvivor() {
        JsonNode first = result(paged(2, "a", "b", "c", "d").modern(1, "tools/list", null));
        String cursor = first.path("nextCursor").asString();
        // the next page is served by a server whose catalog lost "b" and gained "bb" and "e"
        Wire changed = paged(2, "a", "bb", "c", "d", "e");
        JsonNode second = result(changed.modern(2, "tools/list", "\"cursor\":\"" + cursor + "\""));
        assertThat(names(second)).containsExactly("bb", "c");
    }

    @Test
    void malformedForeignAndIllTypedCursorsAreInvalidParams() {
        Wire wire = paged(2, "a", "b", "c");
        assertError(wire.modern(1, "tools/list", "\"cursor\":\"%%%\""), 1, -32602);
        assertError(wire.modern(2, "tools/list", "\"cursor\":\"\""), 2, -32602);
        assertError(wire.modern(3, "tools/list", "\"cursor\":42"), 3, -32602);
        assertError(wire.modern(4, "tools/list", "\"cursor\":{\"a\":{\"b\":[]}}"), 4, -32602);
        String foreign = Base64.getUrlEncoder().withoutPadding()
                .encodeToString("prompts:x".getBytes(StandardCharsets.UTF_8));
        JsonNode response = wire.modern(5, "tools/list", "\"cursor\":\"" + foreign + "\"");
        assertError(response, 5, -32602);
        assertThat(response.path("error").path("message").asString()).contains("prompts list");
        String padded = Base64.getUrlEncoder().encodeToString("tools:a".getBytes(StandardCharsets.UTF_8));
        assertError(wire.modern(6, "tools/list", "\"cursor\":\"" + padded + "\""), 6, -32602);
        assertThat(wire.last.refused()).isFalse();
    }

    @Test
    void aForgedCursorOnlyNamesAPosition() {
        String forged = Base64.getUrlEncoder().withoutPadding()
                .encodeToString("tools:b".getBytes(StandardCharsets.UTF_8));
        JsonNode result = result(paged(5, "a", "b", "c").modern(1, "tools/list", "\"cursor\":\"" + forged + "\""));
        assertThat(names(result)).containsExactly("c");
    }

    @Test
    void modernPagesCarryTheConfiguredCachingHintsAndLegacyPagesNone() {
        Wire wire = Wire.of(b -> b.cache(CachedResult.TOOLS, Duration.ofSeconds(5), "public"), (n, a, c) -> null, tools("a"));
        JsonNode modern = wire.modern(1, "tools/list", null);
        assertThat(result(modern).path("ttlMs").isIntegralNumber()).isTrue();
        assertThat(result(modern).path("ttlMs").asLong()).isEqualTo(5000);
        assertThat(result(modern).path("cacheScope").asString()).isEqualTo("public");
        wire.initialize();
        JsonNode legacy = result(wire.legacy(2, "tools/list", "{}"));
        assertThat(legacy.has("ttlMs")).isFalse();
    }

    @Test
    void theAdvertisedToolIsTheSpecWithItsNamedHintsAndNoHostLabels() {
        ToolSpec read = ToolSpec.builder("read").title("Read").description("Reads.").readOnly().idempotent()
                .commandClass("observe").inputSchema("{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}},"
                        + "\"required\":[\"q\"],\"$defs\":{\"x\":{\"type\":\"string\"}}}")
                .meta(Map.of("k", "v")).icons(List.of(io.beammcp.core.Icon.of("https://example.com/i.png"))).build();
        ToolSpec propose = ToolSpec.builder("propose").destructive()
                .annotations(new ToolAnnotations("Proposer", null, false, null, true)).build();
        ToolSpec closed = ToolSpec.builder("closed").destructive().openWorld(false).build();
        ToolSpec bare = ToolSpec.builder("bare").build();
        JsonNode response = Wire.of(read, propose, bare, closed).modern(1, "tools/list", null);
        JsonNode list = result(response).path("tools");
        JsonNode bareJson = list.get(0);
        assertThat(bareJson.toString()).isEqualTo("{\"name\":\"bare\",\"inputSchema\":{\"type\":\"object\"}}");
        assertThat(list.get(1).path("annotations").toString())
                .isEqualTo("{\"destructiveHint\":true,\"openWorldHint\":false}");
        JsonNode proposeJson = list.get(2);
        // the whole set, as data-driven hosts give it, replaces the named hints set before it
        assertThat(proposeJson.path("annotations").toString())
                .isEqualTo("{\"title\":\"Proposer\",\"destructiveHint\":false,\"openWorldHint\":true}");
        JsonNode readJson = list.get(3);
        assertThat(readJson.path("inputSchema").toString()).isEqualTo("{\"type\":\"object\",\"properties\":{\"q\":"
                + "{\"type\":\"string\"}},\"required\":[\"q\"],\"$defs\":{\"x\":{\"type\":\"string\"}}}");
        assertThat(readJson.path("annotations").toString()).isEqualTo("{\"readOnlyHint\":true,\"idempotentHint\":true}");
        assertThat(readJson.path("_meta").path("k").asString()).isEqualTo("v");
        assertThat(readJson.path("icons").get(0).path("src").asString()).isEqualTo("https://example.com/i.png");
        assertThat(readJson.toString()).doesNotContain("observe").doesNotContain("READ_ONLY");
    }
}
