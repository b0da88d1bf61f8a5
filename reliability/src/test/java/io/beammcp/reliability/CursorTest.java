package io.beammcp.reliability;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.server.McpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.stream.IntStream;

import static io.beammcp.reliability.CoreClient.assertError;
import static io.beammcp.reliability.CoreClient.result;
import static org.assertj.core.api.Assertions.assertThat;

/** List cursors: opaque to clients, attacker input to the server. */
@Timeout(30)
class CursorTest {

    private final CoreClient client = new CoreClient(McpServer.builder(Catalog.of(IntStream.range(0, 10)
            .mapToObj(i -> ToolSpec.builder("t" + i).build()).toList()), (n, a, c) -> ToolResult.of("ok"))
            .pageSize(3).build());

    private static String cursor(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    private JsonNode list(Object cursor) {
        return client.modern(1, "tools/list", "\"cursor\":" + CoreClient.JSON.writeValueAsString(cursor));
    }

    @ParameterizedTest
    @ValueSource(strings = {"prompts:t1", "resources:t1", "resourceTemplates:t1", "tool:t1", "TOOLS:t1", ":t1", "t1",
            "tools", ""})
    void foreignAndMalformedCursorsAreInvalidParams(String text) {
        assertError(list(cursor(text)), 1, -32602);
        assertThat(client.last.refused()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"%%%", "dG9vbHM6dDE=", "dG9vbHM6dDE===", "dG9vbHM6dDE\n", " dG9vbHM6dDE", "dG9vbHM+dDE",
            "dG9vbHM6dDF", "A"})
    void nonCanonicalOrNonBase64CursorsAreInvalidParams(String cursor) {
        assertError(list(cursor), 1, -32602);
    }

    @Test
    void aForgedCursorCanOnlyNameAPositionInThisList() {
        // past the end, before the start, between keys, unicode: a page (possibly empty), never another list or an error
        assertThat(names(result(list(cursor("tools:zzz"))))).isEmpty();
        assertThat(names(result(list(cursor("tools:"))))).containsExactly("t0", "t1", "t2");
        assertThat(names(result(list(cursor("tools:t15"))))).containsExactly("t2", "t3", "t4");
        assertThat(names(result(list(cursor("tools:\u0000\uffff\ud83d\ude00"))))).containsExactly("t0", "t1", "t2");
        assertThat(names(result(list(cursor("tools:\uffff"))))).isEmpty();
        assertThat(names(result(list(cursor("tools:t1:prompts:x"))))).containsExactly("t2", "t3", "t4");
    }

    @Test
    void aCursorOfExactlyTheLengthLimitIsReadAndACursorNamingTheFirstKeyStartsAfterIt() {
        String atLimit = cursor("tools:" + "x".repeat(3_066));
        assertThat(atLimit).hasSize(4_096);
        assertThat(names(result(list(atLimit)))).isEmpty();
        assertThat(names(result(list(cursor("tools:t0"))))).containsExactly("t1", "t2", "t3");
        assertThat(names(result(list(cursor("tools:t9"))))).isEmpty();
    }

    @Test
    void cursorsThatAreNotStringsAreInvalidParamsWhateverTheirDepth() {
        String deep = "[".repeat(55) + "]".repeat(55);
        for (String value : List.of("42", "true", "null", "{}", "[\"dG9vbHM6dDE\"]", deep, "{\"a\":{\"b\":{\"c\":" + deep
                + "}}}")) {
            JsonNode response = client.modern(1, "tools/list", "\"cursor\":" + value);
            assertError(response, 1, -32602);
        }
    }

    @Test
    void anOverlongCursorIsRefusedWithoutDecodingIt() {
        String huge = cursor("tools:" + "x".repeat(100_000));
        assertError(list(huge), 1, -32602);
        assertError(list(cursor("tools:" + "x".repeat(3_100))), 1, -32602);
        assertThat(names(result(list(cursor("tools:" + "x".repeat(3_000)))))).isEmpty();
    }

    @Test
    void aCursorFromAnotherRevisionWorksAndTheWholeListIsWalkedOnce() {
        List<String> all = new ArrayList<>();
        JsonNode page = result(client.modern(1, "tools/list", null));
        all.addAll(names(page));
        client.initialize();
        while (page.has("nextCursor")) {
            page = result(client.legacy(2, "tools/list", "{\"cursor\":\"" + page.get("nextCursor").asString() + "\"}"));
            all.addAll(names(page));
        }
        assertThat(all).hasSize(10).doesNotHaveDuplicates();
    }

    @Test
    void cursorErrorsNeverEchoTheCursor() {
        String raw = client.sendRaw(CoreClient.modernMessage(1, "tools/list", "\"cursor\":\"" + cursor("evil:"
                + TestHost.SECRET) + "\""));
        assertThat(raw).doesNotContain(TestHost.SECRET).doesNotContain(cursor("evil:" + TestHost.SECRET));
    }

    private static List<String> names(JsonNode result) {
        List<String> names = new ArrayList<>();
        result.path("tools").forEach(t -> names.add(t.path("name").asString()));
        return names;
    }
}
