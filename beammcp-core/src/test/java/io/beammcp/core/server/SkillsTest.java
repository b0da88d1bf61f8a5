package io.beammcp.core.server;

import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.SkillBinding;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.spi.McpAccessPolicy;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Skills extension on the wire, in both revisions, over a nested tree on disk, a skill the application built
 * under a prefix and a dynamic one: the capability, {@code skills/list} (one whole entry a page at page size 1),
 * {@code skills/get}, the files through {@code resources/list} and {@code resources/read} (each digest the SHA-256
 * of the bytes served), {@code resources/directory/read}, traversal attempts and a skill the caller may not see.
 */
class SkillsTest {

    private static final String PDF = "skill://pdf-processing/SKILL.md";
    private static final String REFUNDS = "skill://acme/billing/refunds/SKILL.md";
    private static final String DAILY = "skill://reports/daily/SKILL.md";
    private static final String PDF_SKILL_MD = """
            ---
            name: pdf-processing
            description: Extract, fill, and assemble PDF documents
            license: Apache-2.0
            metadata:
              version: "2.1.0"
              legacy: no
            ---
            # PDF processing

            Use [the invoice template](templates/invoice.md).
            """;
    /** A 1x1 PNG: bytes that are not UTF-8, so they are served as a blob. */
    private static final byte[] PNG = Base64.getDecoder().decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");

    @TempDir
    Path dir;
    private Path pdf;
    private final AtomicInteger day = new AtomicInteger();

    @BeforeEach
    void tree() throws IOException {
        pdf = dir.resolve("skills/pdf-processing");
        write(pdf.resolve("SKILL.md"), PDF_SKILL_MD.getBytes(StandardCharsets.UTF_8));
        write(pdf.resolve("templates/invoice.md"), utf8("# Invoice\n"));
        write(pdf.resolve("templates/regional/eu-invoice.md"), utf8("# EU invoice — TVA\n"));
        write(pdf.resolve("assets/logo.png"), PNG);
        Files.createDirectories(pdf.resolve("templates/empty"));
        Files.writeString(dir.resolve("skills/secret.txt"), "password");
    }

    private static void write(Path path, byte[] bytes) throws IOException {
        Files.createDirectories(path.getParent());
        Files.write(path, bytes);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] skillMd(String name) {
        return utf8("---\nname: " + name + "\ndescription: The " + name + " skill\n---\nBody of " + name + ".\n");
    }

    private McpSkills skills() {
        return new McpSkills().directory(pdf)
                .add(SkillBinding.of("acme/billing/refunds", Map.of("SKILL.md", skillMd("refunds"))))
                .add(SkillBinding.dynamic("reports/daily", Map.of("SKILL.md", () -> skillMd("daily"),
                        "today.md", () -> utf8("# Day " + day.incrementAndGet()))));
    }

    private Wire wire(UnaryOperator<McpServerBuilder> settings, Function<McpSkills, McpSkills> skills) {
        return Wire.of(builder -> settings.apply(builder.extension("skills", skills.apply(skills()).build())),
                (name, args, context) -> ToolResult.of("ok"), ToolSpec.builder("echo").build());
    }

    private Wire wire() {
        return wire(UnaryOperator.identity(), UnaryOperator.identity());
    }

    /** Sends a request of either revision ({@code legacy}: after initialize, in a session). */
    private static JsonNode send(Wire wire, boolean legacy, Object id, String method, String params) {
        return wire.request(legacy, id, method, params);
    }

    private static Wire opened(Wire wire, boolean legacy) {
        return wire.opened(legacy);
    }

    private static String sha256(byte[] bytes) throws Exception {
        return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theExtensionIsAdvertisedWithDirectoryReadBesideTheResourcesCapability(boolean legacy) {
        Wire wire = wire();
        JsonNode capabilities = result(legacy ? wire.initialize() : wire.modern(1, "server/discover", null))
                .path("capabilities");
        assertThat(capabilities.path("extensions").toString())
                .isEqualTo("{\"io.modelcontextprotocol/skills\":{\"directoryRead\":true}}");
        assertThat(capabilities.path("resources").isObject()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theListPagesOneWholeEntryAtATimeAndGetAnswersTheSameEntry(boolean legacy) {
        Wire wire = opened(wire(builder -> builder.pageSize(1), UnaryOperator.identity()), legacy);
        List<JsonNode> entries = new ArrayList<>();
        String cursor = null;
        for (int page = 0; page < 5; page++) {
            JsonNode result = result(send(wire, legacy, page, "skills/list",
                    cursor == null ? null : "\"cursor\":\"" + cursor + "\""));
            assertThat(result.path("skills").size()).isEqualTo(1);
            assertThat(result.has("ttlMs")).isEqualTo(!legacy);
            assertThat(result.has("cacheScope")).isEqualTo(!legacy);
            entries.add(result.path("skills").get(0));
            if (!result.has("nextCursor")) {
                break;
            }
            cursor = result.path("nextCursor").asString();
        }
        assertThat(entries).extracting(entry -> entry.path("uri").asString()).containsExactly(REFUNDS, PDF, DAILY);
        JsonNode pdfEntry = entries.get(1);
        assertThat(pdfEntry.path("frontmatter").toString()).isEqualTo("{\"name\":\"pdf-processing\",\"description\":"
                + "\"Extract, fill, and assemble PDF documents\",\"license\":\"Apache-2.0\",\"metadata\":{\"version\":"
                + "\"2.1.0\",\"legacy\":\"no\"}}");
        assertThat(pdfEntry.path("resources")).extracting(file -> file.path("uri").asString()).containsExactly(PDF,
                "skill://pdf-processing/assets/logo.png", "skill://pdf-processing/templates/invoice.md",
                "skill://pdf-processing/templates/regional/eu-invoice.md");
        assertThat(entries.get(2).path("resources").asString()).isEqualTo("dynamic");

        JsonNode got = result(send(wire, legacy, 9, "skills/get", "\"uri\":\"" + PDF + "\""));
        assertThat(got.path("skill")).isEqualTo(pdfEntry);
        assertThat(got.has("nextCursor")).isFalse();
        assertThat(got.has("ttlMs")).isEqualTo(!legacy);
        if (!legacy) {
            assertThat(got.path("resultType").asString()).isEqualTo("complete");
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void everyListedFileReadsAsTheBytesItsDigestAndSizeDescribe(boolean legacy) throws Exception {
        Wire wire = opened(wire(), legacy);
        JsonNode entry = result(send(wire, legacy, 1, "skills/get", "\"uri\":\"" + PDF + "\"")).path("skill");
        for (JsonNode file : entry.path("resources")) {
            String uri = file.path("uri").asString();
            JsonNode contents = result(send(wire, legacy, 2, "resources/read", "\"uri\":\"" + uri + "\""))
                    .path("contents");
            assertThat(contents.size()).isEqualTo(1);
            JsonNode content = contents.get(0);
            assertThat(content.path("uri").asString()).isEqualTo(uri);
            byte[] served = content.has("text") ? utf8(content.path("text").asString())
                    : Base64.getDecoder().decode(content.path("blob").asString());
            assertThat(file.path("digest").asString()).as(uri).isEqualTo(sha256(served));
            assertThat(file.path("size").asLong()).as(uri).isEqualTo(served.length);
        }
        JsonNode skillMd = result(send(wire, legacy, 3, "resources/read", "\"uri\":\"" + PDF + "\""))
                .path("contents").get(0);
        assertThat(skillMd.path("mimeType").asString()).isEqualTo("text/markdown");
        assertThat(skillMd.path("text").asString()).isEqualTo(PDF_SKILL_MD);
        JsonNode png = result(send(wire, legacy, 4, "resources/read", "\"uri\":\"skill://pdf-processing/assets/logo.png\""))
                .path("contents").get(0);
        assertThat(png.path("mimeType").asString()).isEqualTo("image/png");
        assertThat(png.has("blob")).isTrue();

        String today = "skill://reports/daily/today.md";
        assertThat(result(send(wire, legacy, 5, "resources/read", "\"uri\":\"" + today + "\"")).at("/contents/0/text")
                .asString()).isEqualTo("# Day 1");
        assertThat(result(send(wire, legacy, 6, "resources/read", "\"uri\":\"" + today + "\"")).at("/contents/0/text")
                .asString()).isEqualTo("# Day 2");
    }

    @Test
    void aDynamicFileOverTheSkillLimitOrWithoutContentIsAnInternalErrorNotServed() {
        Wire wire = Wire.of(builder -> builder.extension("skills", new McpSkills().add(SkillBinding.dynamic("daily",
                        Map.of("SKILL.md", () -> skillMd("daily"), "huge.bin", () -> new byte[16 * 1024 * 1024 + 1],
                                "gone.md", () -> null))).build()),
                (name, args, context) -> ToolResult.of("ok"), ToolSpec.builder("echo").build());
        // refused while read, before the result cap (whose message says so) could see it
        for (String file : new String[] {"huge.bin", "gone.md"}) {
            JsonNode refused = wire.modern(2, "resources/read", "\"uri\":\"skill://daily/" + file + "\"");
            assertError(refused, 2, -32603);
            assertThat(refused.at("/error/message").asString()).isEqualTo("Internal error");
        }
    }

    @Test
    void theResourceListNamesEachSkillMdByItsFrontmatter() {
        JsonNode resources = result(wire().modern(1, "resources/list", null)).path("resources");
        JsonNode skillMd = null;
        for (JsonNode resource : resources) {
            if (resource.path("uri").asString().equals(PDF)) {
                skillMd = resource;
            }
        }
        assertThat(skillMd).isNotNull();
        assertThat(skillMd.toString()).isEqualTo("{\"uri\":\"" + PDF + "\",\"name\":\"pdf-processing\",\"description\":"
                + "\"Extract, fill, and assemble PDF documents\",\"mimeType\":\"text/markdown\",\"size\":"
                + utf8(PDF_SKILL_MD).length + "}");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aDirectoryReadListsTheDirectChildrenPagedAndRefusesAFile(boolean legacy) {
        Wire wire = opened(wire(builder -> builder.pageSize(1), UnaryOperator.identity()), legacy);
        assertThat(children(wire, legacy, "skill://pdf-processing")).containsExactly(
                PDF + " text/markdown", "skill://pdf-processing/assets inode/directory",
                "skill://pdf-processing/templates inode/directory");
        assertThat(children(wire, legacy, "skill://pdf-processing/templates")).containsExactly(
                "skill://pdf-processing/templates/empty inode/directory",
                "skill://pdf-processing/templates/invoice.md text/markdown",
                "skill://pdf-processing/templates/regional inode/directory");
        assertThat(children(wire, legacy, "skill://pdf-processing/templates/empty")).isEmpty();

        JsonNode file = send(wire, legacy, 9, "resources/directory/read", "\"uri\":\"" + PDF + "\"");
        assertError(file, 9, -32602);
        assertThat(file.at("/error/message").asString()).isEqualTo(PDF + " is not a directory resource");
        assertThat(file.at("/error/data/uri").asString()).isEqualTo(PDF);
    }

    /** Every child of a directory, following nextCursor: "uri mimeType". */
    private static List<String> children(Wire wire, boolean legacy, String uri) {
        List<String> children = new ArrayList<>();
        String cursor = null;
        for (int page = 0; page < 10; page++) {
            JsonNode result = result(send(wire, legacy, page, "resources/directory/read", "\"uri\":\"" + uri + "\""
                    + (cursor == null ? "" : ",\"cursor\":\"" + cursor + "\"")));
            result.path("resources").forEach(child -> children.add(child.path("uri").asString() + " "
                    + child.path("mimeType").asString()));
            if (!result.has("nextCursor")) {
                return children;
            }
            cursor = result.path("nextCursor").asString();
        }
        throw new AssertionError("the cursors never ended");
    }

    @Test
    void withoutDirectoryReadTheMethodIsUnknownAndTheSettingsAreEmpty() {
        Wire wire = wire(UnaryOperator.identity(), skills -> skills.directoryRead(false));
        assertThat(result(wire.modern(1, "server/discover", null)).at("/capabilities/extensions").toString())
                .isEqualTo("{\"io.modelcontextprotocol/skills\":{}}");
        assertError(wire.modern(2, "resources/directory/read", "\"uri\":\"skill://pdf-processing\""), 2, -32601);
    }

    @Test
    void withoutASkillTheExtensionIsNotServed() {
        Wire wire = Wire.of(builder -> builder.extension("skills", new McpSkills().build()),
                (name, args, context) -> ToolResult.of("ok"), ToolSpec.builder("echo").build());
        assertThat(result(wire.modern(1, "server/discover", null)).path("capabilities").has("extensions")).isFalse();
        assertError(wire.modern(2, "skills/list", null), 2, -32601);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void anUnknownSkillIsInvalidParams(boolean legacy) {
        Wire wire = opened(wire(), legacy);
        String unknown = "skill://mcp-conformance-nonexistent-skill-9f3a2b/SKILL.md";
        JsonNode refused = send(wire, legacy, 1, "skills/get", "\"uri\":\"" + unknown + "\"");
        assertError(refused, 1, -32602);
        assertThat(refused.at("/error/message").asString()).isEqualTo("No skill is served at " + unknown);
        assertError(send(wire, legacy, 2, "skills/get", "\"uri\":\"skill://pdf-processing\""), 2, -32602);
        assertError(send(wire, legacy, 3, "skills/get", "\"uri\":7"), 3, -32602);
    }

    /** Attempts to reach a file outside a skill's directory, or one inside it by another spelling. */
    @ParameterizedTest
    @ValueSource(strings = {"skill://pdf-processing/../secret.txt", "skill://pdf-processing/templates/../SKILL.md",
        "skill://pdf-processing/./SKILL.md", "skill://pdf-processing//SKILL.md", "skill://pdf-processing/%2e%2e/secret.txt",
        "skill://pdf-processing/templates%2Finvoice.md", "skill://pdf-processing/templates%2finvoice.md",
        "skill://pdf-processing\\\\templates\\\\invoice.md", "skill://pdf-processing/SKILL.md%00",
        "skill://../secret.txt", "file:///etc/passwd", "skill:///etc/passwd", "skill://PDF-PROCESSING/SKILL.md",
        "skill://pdf-processing/skill.md", "skill://pdf-processing/templates/", "skill://pdf-processing/%53KILL.md"})
    void noOtherSpellingOfAUriReachesAFileOrADirectory(String uri) {
        for (boolean legacy : new boolean[] {false, true}) {
            Wire wire = opened(wire(), legacy);
            String quoted = Wire.JSON.writeValueAsString(uri);
            assertError(send(wire, legacy, 1, "resources/read", "\"uri\":" + quoted), 1, legacy ? -32002 : -32602);
            assertError(send(wire, legacy, 2, "resources/directory/read", "\"uri\":" + quoted), 2, -32602);
            assertError(send(wire, legacy, 3, "skills/get", "\"uri\":" + quoted), 3, -32602);
        }
    }

    @Test
    void aSkillHiddenFromItsCallerIsAbsentFromItsListsAndUnknownToItsReadsAsAMissingOne() {
        McpAccessPolicy hidesPdf = HidingPolicy.hiding((kind, name) -> kind == McpAccessPolicy.Kind.SKILL && name.equals(PDF));
        Wire wire = wire(builder -> builder.accessPolicy(hidesPdf), UnaryOperator.identity());
        JsonNode list = result(wire.modern(1, "skills/list", null));
        assertThat(list.path("skills")).extracting(entry -> entry.path("uri").asString()).containsExactly(REFUNDS, DAILY);
        assertThat(list.path("cacheScope").asString()).isEqualTo("private");
        assertThat(result(wire.modern(2, "resources/list", null)).path("resources"))
                .extracting(resource -> resource.path("uri").asString()).noneMatch(uri -> uri.startsWith("skill://pdf"));

        JsonNode hidden = wire.modern(3, "skills/get", "\"uri\":\"" + PDF + "\"");
        JsonNode missing = wire.modern(3, "skills/get", "\"uri\":\"skill://pdf-tools/SKILL.md\"");
        assertThat(hidden.at("/error/code")).isEqualTo(missing.at("/error/code"));
        assertThat(hidden.at("/error/message").asString()).isEqualTo("No skill is served at " + PDF);
        for (String uri : new String[] {PDF, "skill://pdf-processing/templates/invoice.md"}) {
            JsonNode read = wire.modern(4, "resources/read", "\"uri\":\"" + uri + "\"");
            assertError(read, 4, -32602);
            assertThat(read.at("/error/message").asString()).isEqualTo("Resource not found");
        }
        assertThat(wire.modern(5, "resources/directory/read", "\"uri\":\"skill://pdf-processing\"")
                .at("/error/message").asString()).isEqualTo("No directory resource at skill://pdf-processing");
        assertThat(result(wire.modern(6, "skills/get", "\"uri\":\"" + REFUNDS + "\"")).at("/skill/uri").asString())
                .isEqualTo(REFUNDS);
    }

    @Test
    void aFileHiddenFromItsCallerIsAbsentFromADirectoryReadAsFromTheResourceList() {
        String invoice = "skill://pdf-processing/templates/invoice.md";
        McpAccessPolicy hidesInvoice = HidingPolicy.hiding((kind, name) -> kind == McpAccessPolicy.Kind.RESOURCE && name.equals(invoice));
        Wire wire = wire(builder -> builder.accessPolicy(hidesInvoice), UnaryOperator.identity());
        assertThat(result(wire.modern(1, "resources/list", null)).path("resources"))
                .extracting(resource -> resource.path("uri").asString()).doesNotContain(invoice);
        assertThat(result(wire.modern(2, "resources/directory/read", "\"uri\":\"skill://pdf-processing/templates\""))
                .path("resources")).extracting(resource -> resource.path("uri").asString()).doesNotContain(invoice);
        assertThat(result(wire(UnaryOperator.identity(), UnaryOperator.identity()).modern(3, "resources/directory/read",
                "\"uri\":\"skill://pdf-processing/templates\"")).path("resources"))
                .extracting(resource -> resource.path("uri").asString()).contains(invoice);
    }

    @Test
    void aSkillClientsCouldNotUseRefusesTheBuildNamingItsFile() throws IOException {
        Path bad = dir.resolve("bad/Bad-Name");
        write(bad.resolve("SKILL.md"), skillMd("Bad-Name"));
        assertThatThrownBy(() -> new McpSkills().directory(bad).build())
                .isInstanceOf(InvalidCatalogException.class)
                .hasMessageStartingWith(bad.toAbsolutePath() + ": the skill's directory name 'Bad-Name' breaks the naming rules");
        Map<String, byte[]> noFrontmatter = new LinkedHashMap<>();
        noFrontmatter.put("SKILL.md", utf8("# just text"));
        assertThatThrownBy(() -> new McpSkills().add(SkillBinding.of("plain", noFrontmatter)).build())
                .isInstanceOf(InvalidCatalogException.class)
                .hasMessageStartingWith("plain/SKILL.md (built by the application) has no frontmatter");
    }
}
