package io.beammcp.core.internal.skills;

import io.beammcp.core.internal.catalog.Paged;
import io.beammcp.core.internal.json.JsonCodec;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import static io.beammcp.core.internal.skills.SkillTrees.pdfFiles;
import static io.beammcp.core.internal.skills.SkillTrees.skillMd;
import static io.beammcp.core.internal.skills.SkillTrees.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** The Skills results over a compiled set: get, read, directory read, paging, hidden skills and traversal attempts. */
class SkillsWireTest {

    private static final JsonCodec JSON = new JsonCodec(1 << 20);
    private static final Predicate<Skill> ALL = skill -> true;
    private static final String PDF = "skill://pdf-processing/SKILL.md";

    @TempDir
    Path dir;

    private final AtomicInteger day = new AtomicInteger();
    private SkillSet set;

    @BeforeEach
    void compile() throws IOException {
        Path pdf = SkillTrees.write(dir.resolve("pdf-processing"), pdfFiles());
        Files.createDirectories(pdf.resolve("templates/empty"));
        set = SkillSet.compile(List.of(SkillSources.directory(pdf),
                SkillSources.of("acme/billing/refunds", Map.of("SKILL.md", utf8(skillMd("refunds")))),
                SkillSources.dynamic("reports/daily", Map.of("SKILL.md", () -> utf8(skillMd("daily")),
                        "today.md", () -> utf8("# Day " + day.incrementAndGet())))));
    }

    private static ObjectNode params(String uri) {
        return JSON.object().put("uri", uri);
    }

    @Test
    void getAnswersTheEntryOfTheSkillWhoseSkillMdUriIsAsked() {
        ObjectNode result = SkillsWire.get(set, params(PDF), ALL);

        assertThat(result.propertyNames()).containsExactly("skill");
        assertThat(result.get("skill")).isSameAs(set.skill(PDF).entry());
        assertThat(result.get("skill").get("uri").stringValue()).isEqualTo(PDF);
    }

    @ParameterizedTest
    @ValueSource(strings = {"skill://mcp-conformance-nonexistent-skill-9f3a2b/SKILL.md", "skill://pdf-processing",
        "skill://pdf-processing/templates/invoice.md", "skill://pdf-processing/SKILL.md/", "SKILL.md", ""})
    void getOfAUriThatIsNoServedSkillIsInvalidParamsNamingIt(String uri) {
        SkillsException refusal = catchThrowableOfType(SkillsException.class, () -> SkillsWire.get(set, params(uri), ALL));

        assertThat(refusal.code()).isEqualTo(-32602);
        assertThat(refusal.reason()).isEqualTo("No skill is served at " + uri);
        assertThat(refusal.uri()).isEqualTo(uri);
    }

    @Test
    void getWithoutAStringUriIsInvalidParams() {
        for (ObjectNode params : new ObjectNode[] {null, JSON.object(), JSON.object().put("uri", 3)}) {
            SkillsException refusal = catchThrowableOfType(SkillsException.class, () -> SkillsWire.get(set, params, ALL));
            assertThat(refusal.code()).isEqualTo(-32602);
            assertThat(refusal.reason()).isEqualTo("Invalid params: uri must be a string");
            assertThat(refusal.uri()).isNull();
        }
    }

    @Test
    void readingSkillMdServesTheFileAsMarkdownTextWhoseFrontmatterIsTheEntrys() {
        JsonNode contents = SkillsWire.read(set, PDF, ALL).get("contents");

        assertThat(contents).hasSize(1);
        assertThat(contents.get(0).propertyNames()).containsExactly("uri", "mimeType", "text");
        assertThat(contents.get(0).get("uri").stringValue()).isEqualTo(PDF);
        assertThat(contents.get(0).get("mimeType").stringValue()).isEqualTo("text/markdown");
        assertThat(contents.get(0).get("text").stringValue()).isEqualTo(SkillTrees.PDF_SKILL_MD);
        assertThat(Frontmatter.parse(contents.get(0).get("text").stringValue(), "served"))
                .isEqualTo(set.skill(PDF).entry().get("frontmatter"));
    }

    @Test
    void everyListedFilesDigestAndSizeAreThoseOfTheBytesServed() throws Exception {
        int checked = 0;
        for (Skill skill : set.skills().values()) {
            if (skill.dynamic()) {
                continue;
            }
            for (JsonNode file : skill.entry().get("resources")) {
                JsonNode content = SkillsWire.read(set, file.get("uri").stringValue(), ALL).get("contents").get(0);
                byte[] served = content.has("text") ? content.get("text").stringValue().getBytes(StandardCharsets.UTF_8)
                        : Base64.getDecoder().decode(content.get("blob").stringValue());
                String sha256 = java.util.HexFormat.of().formatHex(
                        java.security.MessageDigest.getInstance("SHA-256").digest(served));
                assertThat(file.get("digest").stringValue()).isEqualTo("sha256:" + sha256);
                assertThat(file.get("size").longValue()).isEqualTo(served.length);
                checked++;
            }
        }
        assertThat(checked).isEqualTo(5);
        JsonNode png = SkillsWire.read(set, "skill://pdf-processing/assets/logo.png", ALL).get("contents").get(0);
        assertThat(png.get("mimeType").stringValue()).isEqualTo("image/png");
        assertThat(Base64.getDecoder().decode(png.get("blob").stringValue())).isEqualTo(SkillTrees.PNG);
    }

    @Test
    void readingADirectoryIsInvalidParamsAndAnUnknownFileIsNotFound() {
        SkillsException directory = catchThrowableOfType(SkillsException.class,
                () -> SkillsWire.read(set, "skill://pdf-processing/templates", ALL));
        assertThat(directory.code()).isEqualTo(-32602);
        assertThat(directory.notFound()).isFalse();
        assertThat(directory.reason()).isEqualTo(
                "skill://pdf-processing/templates is a directory resource: list it with resources/directory/read");

        SkillsException unknown = catchThrowableOfType(SkillsException.class,
                () -> SkillsWire.read(set, "skill://pdf-processing/templates/none.md", ALL));
        assertThat(unknown.notFound()).isTrue();
        assertThat(unknown.reason()).isEqualTo("Resource not found");
        assertThat(unknown.uri()).isEqualTo("skill://pdf-processing/templates/none.md");
    }

    /** Attempts to reach a file outside a skill's directory, or a file inside it by another spelling. */
    @ParameterizedTest
    @ValueSource(strings = {"skill://pdf-processing/../pdf-processing/SKILL.md", "skill://pdf-processing/templates/../SKILL.md",
        "skill://pdf-processing/./SKILL.md", "skill://pdf-processing//SKILL.md", "skill://pdf-processing/%2e%2e/secret.txt",
        "skill://pdf-processing/templates%2Finvoice.md", "skill://pdf-processing/templates%2finvoice.md",
        "skill://pdf-processing\\templates\\invoice.md", "skill://pdf-processing/templates\\invoice.md",
        "skill://pdf-processing/SKILL.md\u0000.png", "skill://pdf-processing/SKILL.md%00", "skill://pdf-processing/../secret.txt",
        "skill://../secret.txt", "/etc/passwd", "file:///etc/passwd", "skill:///etc/passwd", "skill://PDF-PROCESSING/SKILL.md",
        "skill://pdf-processing/skill.md", "skill://pdf-processing/templates/"})
    void noOtherSpellingOfAUriReachesAFileOrADirectory(String uri) throws IOException {
        Files.writeString(dir.resolve("secret.txt"), "password");

        assertThat(catchThrowableOfType(SkillsException.class, () -> SkillsWire.read(set, uri, ALL)).notFound()).isTrue();
        assertThat(catchThrowableOfType(SkillsException.class, () -> SkillsWire.directory(set, params(uri), ALL)).reason())
                .isEqualTo("No directory resource at " + uri);
        assertThat(SkillsWire.serves(set, uri, ALL)).isFalse();
    }

    @Test
    void aDirectoryReadListsTheDirectChildrenWithSubdirectoriesAsInodeDirectory() {
        Map<String, ObjectNode> root = SkillsWire.directory(set, params("skill://pdf-processing"), ALL);
        assertThat(JSON.writeString(JSON.mapper().valueToTree(root.values()))).isEqualTo("["
                + "{\"uri\":\"skill://pdf-processing/SKILL.md\",\"name\":\"pdf-processing\",\"description\":\"Extract,"
                + " fill, and assemble PDF documents\",\"mimeType\":\"text/markdown\",\"size\":"
                + SkillTrees.PDF_SKILL_MD.length() + "},"
                + "{\"uri\":\"skill://pdf-processing/assets\",\"name\":\"assets\",\"mimeType\":\"inode/directory\"},"
                + "{\"uri\":\"skill://pdf-processing/templates\",\"name\":\"templates\",\"mimeType\":\"inode/directory\"}]");
        assertThat(root.keySet()).containsExactly("skill://pdf-processing/SKILL.md", "skill://pdf-processing/assets",
                "skill://pdf-processing/templates");

        assertThat(SkillsWire.directory(set, params("skill://pdf-processing/templates"), ALL).keySet()).containsExactly(
                "skill://pdf-processing/templates/empty", "skill://pdf-processing/templates/invoice.md",
                "skill://pdf-processing/templates/regional");
        assertThat(SkillsWire.directory(set, params("skill://pdf-processing/templates/empty"), ALL)).isEmpty();
        assertThat(SkillsWire.directory(set, params("skill://acme/billing/refunds"), ALL)).containsOnlyKeys(
                "skill://acme/billing/refunds/SKILL.md");
    }

    @Test
    void aDirectoryReadOfAFileOrOfAPrefixThatIsNoSkillIsInvalidParams() {
        SkillsException file = catchThrowableOfType(SkillsException.class,
                () -> SkillsWire.directory(set, params(PDF), ALL));
        assertThat(file.code()).isEqualTo(-32602);
        assertThat(file.reason()).isEqualTo(PDF + " is not a directory resource");
        assertThat(file.uri()).isEqualTo(PDF);
        assertThat(catchThrowableOfType(SkillsException.class,
                () -> SkillsWire.directory(set, params("skill://acme/billing"), ALL)).reason())
                .isEqualTo("No directory resource at skill://acme/billing");
    }

    @Test
    void aHiddenSkillIsAbsentFromItsCallersListAndUnknownToItsReadsExactlyAsAMissingOne() {
        Predicate<Skill> noPdf = skill -> !skill.name().equals("pdf-processing");

        assertThat(page(set.skills(), SkillsWire::entry, 10, noPdf)).extracting(e -> e.get("uri").stringValue())
                .containsExactly("skill://acme/billing/refunds/SKILL.md", "skill://reports/daily/SKILL.md");
        SkillsException hidden = catchThrowableOfType(SkillsException.class, () -> SkillsWire.get(set, params(PDF), noPdf));
        SkillsException missing = catchThrowableOfType(SkillsException.class,
                () -> SkillsWire.get(set, params("skill://pdf-tools/SKILL.md"), noPdf));
        assertThat(hidden.code()).isEqualTo(missing.code());
        assertThat(hidden.reason()).isEqualTo("No skill is served at " + PDF);
        assertThat(catchThrowableOfType(SkillsException.class, () -> SkillsWire.read(set, PDF, noPdf)).notFound()).isTrue();
        assertThat(catchThrowableOfType(SkillsException.class,
                () -> SkillsWire.directory(set, params("skill://pdf-processing/templates"), noPdf)).reason())
                .isEqualTo("No directory resource at skill://pdf-processing/templates");
        assertThat(SkillsWire.serves(set, PDF, noPdf)).isFalse();
        assertThat(SkillsWire.serves(set, PDF, ALL)).isTrue();
    }

    @Test
    void theListPagesOneWholeEntryAtATimeWithAPageSizeOfOne() {
        List<ObjectNode> entries = page(set.skills(), SkillsWire::entry, 1, ALL);

        assertThat(entries).extracting(e -> e.get("uri").stringValue()).containsExactly(
                "skill://acme/billing/refunds/SKILL.md", PDF, "skill://reports/daily/SKILL.md");
        assertThat(entries.get(1)).isEqualTo(set.skill(PDF).entry());
        assertThat(entries.get(1).get("resources")).hasSize(4);
        assertThat(page(SkillsWire.directory(set, params("skill://pdf-processing/templates"), ALL), j -> j, 1, j -> true))
                .hasSize(3);
    }

    @Test
    void theListedSkillMdResourceCarriesTheFrontmatterNameAndDescription() {
        assertThat(JSON.writeString(SkillsWire.listedResource(set.skill(PDF)))).isEqualTo(
                "{\"uri\":\"skill://pdf-processing/SKILL.md\",\"name\":\"pdf-processing\",\"description\":\"Extract,"
                + " fill, and assemble PDF documents\",\"mimeType\":\"text/markdown\",\"size\":"
                + SkillTrees.PDF_SKILL_MD.length() + "}");
    }

    @Test
    void aDynamicSkillsFilesAreReadAtEachReadAndItsFailuresAreInternal() {
        String today = "skill://reports/daily/today.md";
        assertThat(SkillsWire.read(set, today, ALL).get("contents").get(0).get("text").stringValue()).isEqualTo("# Day 1");
        assertThat(SkillsWire.read(set, today, ALL).get("contents").get(0).get("text").stringValue()).isEqualTo("# Day 2");
        assertThat(SkillsWire.directory(set, params("skill://reports/daily"), ALL).get(today).has("size")).isFalse();

        SkillSet failing = SkillSet.compile(List.of(SkillSources.dynamic("daily", Map.of(
                "SKILL.md", () -> utf8(skillMd("daily")),
                "broken.md", () -> {
                    throw new UncheckedIOException(new IOException("disk gone"));
                },
                "empty.md", () -> null,
                "huge.bin", () -> new byte[(int) SkillCompiler.MAX_BYTES + 1]))));
        for (String file : new String[] {"broken.md", "empty.md", "huge.bin"}) {
            SkillsException failure = catchThrowableOfType(SkillsException.class,
                    () -> SkillsWire.read(failing, "skill://daily/" + file, ALL));
            assertThat(failure.code()).isEqualTo(-32603);
            assertThat(failure.reason()).isEqualTo("Internal error");
        }
    }

    /** Every page of a list as the core pages it, following nextCursor. */
    private static <T> List<ObjectNode> page(Map<String, T> items, java.util.function.Function<T, JsonNode> json,
            int pageSize, Predicate<T> visible) {
        Paged<T> paged = new Paged<>("skills", items, json);
        List<ObjectNode> all = new ArrayList<>();
        ObjectNode params = JSON.object();
        for (int pages = 0; pages < 10; pages++) {
            ObjectNode result = JSON.object();
            paged.page(params, pageSize, result, visible);
            assertThat(result.get("skills").size()).isLessThanOrEqualTo(pageSize);
            result.get("skills").forEach(entry -> all.add((ObjectNode) entry));
            if (!result.has("nextCursor")) {
                return all;
            }
            params = JSON.object().put("cursor", result.get("nextCursor").stringValue());
        }
        throw new AssertionError("the cursors never ended");
    }
}
