package io.beammcp.core.internal.skills;

import io.beammcp.core.InvalidCatalogException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.beammcp.core.internal.skills.SkillTrees.pdfFiles;
import static io.beammcp.core.internal.skills.SkillTrees.skillMd;
import static io.beammcp.core.internal.skills.SkillTrees.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A skill's source compiled once: its URIs, manifest, media types and directories, and every startup refusal. */
class SkillCompilerTest {

    @TempDir
    Path dir;

    @Test
    void aTreeWithNestedFoldersBecomesOneEntryWithEveryFileAndEveryDirectory() throws IOException {
        Path root = SkillTrees.write(dir.resolve("pdf-processing"), pdfFiles());
        Files.createDirectories(root.resolve("templates/empty"));

        Skill skill = SkillCompiler.compile(SkillSources.directory(root));

        assertThat(skill.uri()).isEqualTo("skill://pdf-processing/SKILL.md");
        assertThat(skill.rootUri()).isEqualTo("skill://pdf-processing");
        assertThat(skill.entry().get("uri").stringValue()).isEqualTo(skill.uri());
        assertThat(skill.entry().get("frontmatter")).isEqualTo(skill.frontmatter());
        assertThat(skill.entry().get("resources").valueStream().map(r -> r.get("uri").stringValue()))
                .containsExactly("skill://pdf-processing/SKILL.md", "skill://pdf-processing/assets/logo.png",
                        "skill://pdf-processing/templates/invoice.md",
                        "skill://pdf-processing/templates/regional/eu-invoice.md");
        for (JsonNode file : skill.entry().get("resources")) {
            assertThat(file.propertyNames()).containsExactly("uri", "digest", "size");
            assertThat(file.get("digest").stringValue()).matches("sha256:[0-9a-f]{64}");
        }
        assertThat(skill.nodes().keySet()).contains("skill://pdf-processing", "skill://pdf-processing/templates",
                "skill://pdf-processing/templates/regional", "skill://pdf-processing/templates/empty",
                "skill://pdf-processing/assets");
        assertThat(skill.nodes().keySet()).noneMatch(uri -> uri.endsWith("/"));
    }

    @Test
    void mediaTypesComeFromTheNameAndSkillMdIsMarkdown() {
        Map<String, byte[]> files = new HashMap<>(pdfFiles());
        files.put("notes", utf8("plain words"));
        files.put("blob", SkillTrees.PNG);
        files.put("scripts/fill.py", utf8("print(1)\n"));
        Skill skill = SkillCompiler.compile(SkillTrees.built("pdf-processing", files));

        assertThat(mimeType(skill, "SKILL.md")).isEqualTo("text/markdown");
        assertThat(mimeType(skill, "templates/invoice.md")).isEqualTo("text/markdown");
        assertThat(mimeType(skill, "assets/logo.png")).isEqualTo("image/png");
        assertThat(mimeType(skill, "scripts/fill.py")).isEqualTo("text/x-python");
        assertThat(mimeType(skill, "notes")).isEqualTo("text/plain");
        assertThat(mimeType(skill, "blob")).isEqualTo("application/octet-stream");
    }

    private static String mimeType(Skill skill, String path) {
        return ((SkillNode.File) skill.nodes().get("skill://pdf-processing/" + path)).mimeType();
    }

    @Test
    void aPrefixedSkillPathEndsInTheNameAndAFileNameIsPercentEncodedInItsUri() {
        Skill skill = SkillCompiler.compile(SkillTrees.built("acme/billing/refunds", Map.of(
                "SKILL.md", utf8(skillMd("refunds")), "examples/an email%.md", utf8("x"))));

        assertThat(skill.uri()).isEqualTo("skill://acme/billing/refunds/SKILL.md");
        assertThat(skill.name()).isEqualTo("refunds");
        assertThat(skill.nodes()).containsKey("skill://acme/billing/refunds/examples/an%20email%25.md");
        assertThat(skill.nodes().get("skill://acme/billing/refunds/examples/an%20email%25.md").resource()
                .get("name").stringValue()).isEqualTo("an email%.md");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "a1", "pdf-processing", "0-9",
        "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl"})
    void aNameOfOneToSixtyFourLowercaseCharactersIsServed(String name) {
        assertThat(name.length()).isLessThanOrEqualTo(64);
        assertThat(SkillCompiler.compile(SkillTrees.built(name, Map.of("SKILL.md", utf8(skillMd(name))))).name())
                .isEqualTo(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklm", "-pdf", "pdf-",
        "pdf--processing", "Pdf", "pdf_processing", "pdf.processing", "pdé"})
    void aNameThatBreaksTheNamingRulesRefusesStartupNamingTheFile(String name) {
        assertThatThrownBy(() -> SkillCompiler.compile(SkillTrees.built("good", Map.of("SKILL.md", utf8(skillMd(name))))))
                .isInstanceOf(InvalidCatalogException.class)
                .hasMessageContaining("good/SKILL.md (built by the application): the name")
                .hasMessageContaining("breaks the naming rules");
        assertThatThrownBy(() -> SkillCompiler.compile(SkillTrees.built(name, Map.of("SKILL.md", utf8(skillMd(name))))))
                .isInstanceOf(InvalidCatalogException.class).hasMessageContaining("breaks the naming rules");
    }

    @Test
    void aNameThatDiffersFromItsDirectoryRefusesStartupNamingTheFile(@TempDir Path tmp) throws IOException {
        Path root = SkillTrees.write(tmp.resolve("pdf-tools"), pdfFiles());
        assertThatThrownBy(() -> SkillCompiler.compile(SkillSources.directory(root)))
                .isInstanceOf(InvalidCatalogException.class)
                .hasMessage(root.resolve("SKILL.md") + ": the name 'pdf-processing' differs from its directory 'pdf-tools'");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "# No frontmatter\nname: x\n",
        "---\nname: x\ndescription: y\n",
        " ---\nname: x\ndescription: y\n---\n",
        "--- \nname: x\ndescription: y\n---\n",
        "\n---\nname: x\ndescription: y\n---\n",
        "---\n---\n",
        ""})
    void aSkillMdWithoutFrontmatterRefusesStartupNamingTheFile(String text) {
        assertThatThrownBy(() -> SkillCompiler.compile(SkillTrees.built("x", Map.of("SKILL.md", utf8(text)))))
                .isInstanceOf(InvalidCatalogException.class)
                .hasMessageStartingWith("x/SKILL.md (built by the application) has no frontmatter");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "---\nname: x\n---\n", "---\nname: x\ndescription: \"\"\n---\n", "---\nname: x\ndescription:\n---\n",
        "---\nname: x\ndescription: [a]\n---\n", "---\ndescription: y\n---\n", "---\nname: 7\ndescription: y\n---\n"})
    void aFrontmatterWithoutAStringNameAndDescriptionRefusesStartup(String text) {
        assertThatThrownBy(() -> SkillCompiler.compile(SkillTrees.built("x", Map.of("SKILL.md", utf8(text)))))
                .isInstanceOf(InvalidCatalogException.class).hasMessageStartingWith("x/SKILL.md (built by the application): the frontmatter has no");
    }

    @Test
    void aSkillWithoutSkillMdOrWithASkillMdThatIsNotUtf8RefusesStartup() {
        assertThatThrownBy(() -> SkillCompiler.compile(SkillTrees.built("x", Map.of("skill.md", utf8(skillMd("x"))))))
                .isInstanceOf(InvalidCatalogException.class).hasMessageContaining("has no SKILL.md file at its root");
        assertThatThrownBy(() -> SkillCompiler.compile(SkillTrees.built("x", Map.of("SKILL.md/a", utf8(skillMd("x"))))))
                .isInstanceOf(InvalidCatalogException.class).hasMessageContaining("has no SKILL.md file at its root");
        byte[] latin1 = "---\nname: x\ndescription: caf\u00e9\n---\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> SkillCompiler.compile(SkillTrees.built("x", Map.of("SKILL.md", latin1))))
                .isInstanceOf(InvalidCatalogException.class).hasMessage("x/SKILL.md (built by the application) is not UTF-8 text");
    }

    @Test
    void fiveHundredTwelveFilesAreServedAndOneMoreRefusesStartup() {
        Map<String, byte[]> files = new HashMap<>();
        files.put("SKILL.md", utf8(skillMd("many")));
        for (int i = 1; i < 512; i++) {
            files.put("refs/" + i + ".md", utf8("#" + i));
        }
        assertThat(SkillCompiler.compile(SkillTrees.built("many", files)).entry().get("resources").size()).isEqualTo(512);

        files.put("refs/512.md", utf8("# one too many"));
        assertThatThrownBy(() -> SkillCompiler.compile(SkillTrees.built("many", files)))
                .isInstanceOf(InvalidCatalogException.class)
                .hasMessage("Skill many (built by the application) has more than 512 files");
    }

    @Test
    void sixteenMebibytesAreServedAndOneByteMoreRefusesStartup() {
        byte[] skillMd = utf8(skillMd("big"));
        byte[] rest = new byte[(int) (SkillCompiler.MAX_BYTES - skillMd.length)];
        Arrays.fill(rest, (byte) 'a');
        Skill skill = SkillCompiler.compile(SkillTrees.built("big", Map.of("SKILL.md", skillMd, "data.txt", rest)));
        long total = 0;
        for (JsonNode file : skill.entry().get("resources")) {
            total += file.get("size").longValue();
        }
        assertThat(total).isEqualTo(16 * 1024 * 1024);

        byte[] more = Arrays.copyOf(rest, rest.length + 1);
        assertThatThrownBy(() -> SkillCompiler.compile(SkillTrees.built("big", Map.of("SKILL.md", skillMd, "data.txt", more))))
                .isInstanceOf(InvalidCatalogException.class)
                .hasMessage("Skill big (built by the application) holds more than 16777216 bytes (16 MiB) in its files");
    }

    @Test
    void aDynamicSkillListsDynamicAndCountsOnlyItsSkillMd() {
        Skill skill = SkillCompiler.compile(SkillTrees.dynamic("daily", Map.of(
                "SKILL.md", () -> utf8(skillMd("daily")), "report/today.md", () -> utf8("# Today"))));

        assertThat(skill.entry().get("resources").stringValue()).isEqualTo("dynamic");
        assertThat(skill.dynamic()).isTrue();
        SkillNode.File today = (SkillNode.File) skill.nodes().get("skill://daily/report/today.md");
        assertThat(today.dynamic()).isTrue();
        assertThat(today.digest()).isNull();
        assertThat(today.resource().has("size")).isFalse();
    }

    @Test
    void twoSkillsAtOnePathOrOneInsideAnotherRefuseStartupNamingBoth() {
        SkillSource a = SkillTrees.built("pdf", Map.of("SKILL.md", utf8(skillMd("pdf"))));
        SkillSource b = SkillTrees.built("pdf", Map.of("SKILL.md", utf8(skillMd("pdf")), "x.md", utf8("x")));
        assertThatThrownBy(() -> SkillSet.compile(List.of(a, b))).isInstanceOf(InvalidCatalogException.class)
                .hasMessage("Skill pdf is served twice: by pdf (built by the application) and by pdf (built by the"
                        + " application)");
        SkillSource inner = SkillTrees.built("pdf/forms", Map.of("SKILL.md", utf8(skillMd("forms"))));
        assertThatThrownBy(() -> SkillSet.compile(List.of(a, inner))).isInstanceOf(InvalidCatalogException.class)
                .hasMessage("Skill pdf/forms (built by the application) is inside the directory of skill pdf (built by"
                        + " the application): serve one of them");
    }

    @Test
    void aPathThatIsBothAFileAndADirectoryRefusesStartup() {
        assertThatThrownBy(() -> SkillCompiler.compile(SkillTrees.built("x", Map.of("SKILL.md", utf8(skillMd("x")),
                "docs", utf8("a"), "docs/a.md", utf8("b")))))
                .isInstanceOf(InvalidCatalogException.class).hasMessage("x/docs (built by the application) is both a file and a directory");
    }
}
