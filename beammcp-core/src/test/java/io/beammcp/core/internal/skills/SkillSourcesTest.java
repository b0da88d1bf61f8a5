package io.beammcp.core.internal.skills;

import io.beammcp.core.InvalidCatalogException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static io.beammcp.core.internal.skills.SkillTrees.pdfFiles;
import static io.beammcp.core.internal.skills.SkillTrees.skillMd;
import static io.beammcp.core.internal.skills.SkillTrees.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Where skills come from: directories (and their links), class path folders in directories and jars, maps. */
class SkillSourcesTest {

    @TempDir
    Path dir;

    @Test
    void aLinkInsideTheSkillDirectoryIsFollowed() throws IOException {
        Path root = SkillTrees.write(dir.resolve("pdf-processing"), pdfFiles());
        Files.createSymbolicLink(root.resolve("latest"), root.resolve("templates"));

        Skill skill = SkillCompiler.compile(SkillSources.directory(root));

        assertThat(skill.nodes()).containsKeys("skill://pdf-processing/latest/invoice.md",
                "skill://pdf-processing/latest/regional/eu-invoice.md");
    }

    @Test
    void aLinkToAFileOutsideTheSkillDirectoryRefusesStartupNamingIt() throws IOException {
        Path root = SkillTrees.write(dir.resolve("pdf-processing"), pdfFiles());
        Path secret = Files.writeString(dir.resolve("secret.txt"), "password");
        Files.createSymbolicLink(root.resolve("templates/notes.md"), secret);

        assertThatThrownBy(() -> SkillCompiler.compile(SkillSources.directory(root)))
                .isInstanceOf(InvalidCatalogException.class)
                .hasMessage("Skill file " + root.resolve("templates/notes.md") + " is a link to " + secret.toRealPath()
                        + ", outside the skill directory " + root);
    }

    @Test
    void aLinkToADirectoryOutsideALoopAndALinkToNothingRefuseStartup() throws IOException {
        Path root = SkillTrees.write(dir.resolve("pdf-processing"), pdfFiles());
        Files.createDirectories(dir.resolve("elsewhere"));
        Path out = Files.createSymbolicLink(root.resolve("out"), dir.resolve("elsewhere"));
        assertThatThrownBy(() -> SkillCompiler.compile(SkillSources.directory(root)))
                .isInstanceOf(InvalidCatalogException.class).hasMessageContaining(out + " is a link to");
        Files.delete(out);

        Path loop = Files.createSymbolicLink(root.resolve("templates/loop"), root.resolve("templates"));
        assertThatThrownBy(() -> SkillCompiler.compile(SkillSources.directory(root)))
                .isInstanceOf(InvalidCatalogException.class)
                .hasMessage("Skill directory " + root + " cannot be walked: FileSystemLoopException at " + loop);
        Files.delete(loop);

        Path dangling = Files.createSymbolicLink(root.resolve("gone.md"), dir.resolve("gone"));
        assertThatThrownBy(() -> SkillCompiler.compile(SkillSources.directory(root)))
                .isInstanceOf(InvalidCatalogException.class).hasMessage("Skill file " + dangling + " is a link that leads nowhere");
    }

    @Test
    void aDirectoryThatIsMissingRefusesStartup() {
        assertThatThrownBy(() -> SkillCompiler.compile(SkillSources.directory(dir.resolve("nope"))))
                .isInstanceOf(InvalidCatalogException.class)
                .hasMessage("Skill directory " + dir.resolve("nope") + " does not exist or is not a directory");
    }

    @Test
    void aClassPathFolderInADirectoryIsReadAsThatDirectory() throws IOException {
        SkillTrees.write(dir.resolve("mcp/skills/pdf-processing"), pdfFiles());
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            SkillSource source = SkillSources.at(null, loader.getResource("mcp/skills/pdf-processing"));

            assertThat(source.skillPath()).isEqualTo("pdf-processing");
            Skill skill = SkillCompiler.compile(source);
            assertThat(skill.entry().get("resources").size()).isEqualTo(4);
        }
    }

    @Test
    void aClassPathFolderOfAJarIsReadFromTheJar() throws IOException {
        Path jar = dir.resolve("skills.jar");
        Files.write(jar, zip(Map.of("mcp/skills/pdf-processing/SKILL.md", utf8(SkillTrees.PDF_SKILL_MD),
                "mcp/skills/pdf-processing/templates/invoice.md", utf8("# Invoice\n"),
                "mcp/skills/git-flow/SKILL.md", utf8(skillMd("git-flow")),
                "mcp/skills/git-flow/empty/", new byte[0],
                "mcp/other/SKILL.md", utf8(skillMd("other")))));
        List<SkillSource> sources = List.of(
                SkillSources.at(null, new URL("jar:" + jar.toUri() + "!/mcp/skills/pdf-processing")),
                SkillSources.at(null, new URL("jar:" + jar.toUri() + "!/mcp/skills/git-flow/")));

        SkillSet set = SkillSet.compile(sources);
        assertThat(set.skills()).containsOnlyKeys("skill://pdf-processing/SKILL.md", "skill://git-flow/SKILL.md");
        assertThat(set.locate("skill://pdf-processing/templates/invoice.md")).isNotNull();
        assertThat(set.locate("skill://git-flow/empty").node()).isInstanceOf(SkillNode.Directory.class);
        assertThat(sources.get(0).location("SKILL.md")).startsWith("jar:file:").endsWith("!/mcp/skills/"
                + sources.get(0).skillPath() + "/SKILL.md");
    }

    /** The URLs of a Spring Boot executable jar: its classes folder, and a library jar nested in it. */
    @Test
    void aFolderOfASpringBootExecutableJarAndOfAJarNestedInItAreRead() throws IOException {
        Map<String, byte[]> library = Map.of("mcp/skills/git-flow/SKILL.md", utf8(skillMd("git-flow")),
                "mcp/skills/git-flow/steps/merge.md", utf8("merge"));
        Path app = dir.resolve("my app.jar");
        Files.write(app, zip(Map.of("BOOT-INF/classes/mcp/skills/pdf-processing/SKILL.md",
                utf8(SkillTrees.PDF_SKILL_MD), "BOOT-INF/classes/mcp/skills/pdf-processing/templates/invoice.md",
                utf8("# Invoice\n"), "BOOT-INF/lib/lib.jar", zip(library))));
        String nested = "jar:nested:" + app.toString().replace(" ", "%20");

        Skill pdf = SkillCompiler.compile(new JarSource("pdf-processing",
                nested + "/!BOOT-INF/classes/!/mcp/skills/pdf-processing"));
        Skill git = SkillCompiler.compile(new JarSource("git-flow", nested + "/!BOOT-INF/lib/lib.jar!/mcp/skills/git-flow"));

        assertThat(pdf.nodes()).containsKey("skill://pdf-processing/templates/invoice.md");
        assertThat(git.nodes()).containsKey("skill://git-flow/steps/merge.md");
    }

    @Test
    void aJarEntryThatClimbsOutOfItsFolderRefusesStartup() throws IOException {
        Path jar = dir.resolve("evil.jar");
        Files.write(jar, zip(Map.of("mcp/skills/x/SKILL.md", utf8(skillMd("x")), "mcp/skills/x/../../../etc/passwd",
                utf8("root"))));
        assertThatThrownBy(() -> SkillCompiler.compile(new JarSource("x", "jar:" + jar.toUri() + "!/mcp/skills/x")))
                .isInstanceOf(InvalidCatalogException.class).hasMessageContaining("has an empty, . or .. segment");
    }

    @ParameterizedTest
    @ValueSource(strings = {"../SKILL.md", "/etc/passwd", "a/../../b", "./a", "a//b", "a/", "a\\b", "..\\x", "a\u0000b",
        "a\nb", "a\u007fb"})
    void aFilePathThatCouldEscapeOrMeanTwoThingsRefusesStartup(String path) {
        assertThatThrownBy(() -> SkillCompiler.compile(SkillTrees.built("x", Map.of("SKILL.md", utf8(skillMd("x")),
                path, utf8("x"))))).isInstanceOf(InvalidCatalogException.class)
                .hasMessageStartingWith("x/" + path + " (built by the application): ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"../x", "a/../x", "/x", "a b/x", "a%2Fb/x", "a\\b/x", "a:b/x", "a@b/x", "./x", "", "x/"})
    void aSkillPathWithASegmentThatIsNotPlainRefusesStartup(String skillPath) {
        assertThatThrownBy(() -> SkillCompiler.compile(SkillTrees.built(skillPath, Map.of("SKILL.md", utf8(skillMd("x"))))))
                .isInstanceOf(InvalidCatalogException.class);
    }

    private static byte[] zip(Map<String, byte[]> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        java.util.TreeMap<String, byte[]> all = new java.util.TreeMap<>(entries);
        for (String name : entries.keySet()) {
            // a directory entry for every folder, as jar tools write them (a class loader finds folders by them)
            for (int slash = name.indexOf('/'); slash >= 0 && slash < name.length() - 1; slash = name.indexOf('/', slash + 1)) {
                all.putIfAbsent(name.substring(0, slash + 1), new byte[0]);
            }
        }
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> entry : all.entrySet()) {
                zip.putNextEntry(new ZipEntry(entry.getKey()));
                ((OutputStream) zip).write(entry.getValue());
                zip.closeEntry();
            }
        }
        return bytes.toByteArray();
    }
}
