package io.beammcp.autoconfigure;

import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.SkillBinding;
import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.spi.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Extensions and skills as an application contributes them, served over stdio: {@code McpExtension} beans, the
 * skills of {@code beammcp.skills.locations} and {@code SkillBinding} beans, and the startups they refuse.
 */
class ExtensionBeansTests {

    private static final String FIXTURE_SKILLS = "classpath:/extension-tests/skills/*/SKILL.md";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(BeamMcpAutoConfiguration.class));

    static class Echo {
        @McpTool(description = "Echoes")
        String echo(String text) {
            return text;
        }
    }

    private static JsonNode ask(McpServer server, LegacySession session, String message) {
        Reply reply = server.handle(message.getBytes(StandardCharsets.UTF_8), Wire.stdio(session, sent -> { }));
        return Wire.parse(new String(reply.body(), StandardCharsets.UTF_8));
    }

    private static String legacyInitialize(String capabilities) {
        return "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                + "\"capabilities\":" + capabilities + ",\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}";
    }

    @Test
    void anExtensionBeanAnswersWhereNegotiatedAndIsUnknownElsewhereInBothRevisions() {
        runner.withBean("echo", Echo.class).withBean("notes", NotesExtension.class).run(context -> {
            McpServer server = context.getBean(McpServer.class);
            String declaring = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"notes/count\",\"params\":{"
                    + NotesExtension.DECLARING + "}}";
            assertThat(Wire.ask(server, declaring).at("/result/count").asInt()).isEqualTo(2);
            assertThat(Wire.ask(server, Wire.modern(2, "notes/count", "")).at("/error/code").asInt()).isEqualTo(-32601);
            assertThat(Wire.ask(server, Wire.modern(3, "server/discover", "")).at("/result/capabilities/extensions")
                    .toString()).isEqualTo("{\"io.example/notes\":{\"version\":1}}");

            LegacySession declared = McpServer.newSession();
            assertThat(ask(server, declared, legacyInitialize("{\"extensions\":{\"io.example/notes\":{}}}"))
                    .at("/result/capabilities/extensions").toString()).isEqualTo("{\"io.example/notes\":{\"version\":1}}");
            assertThat(ask(server, declared, Wire.legacy(4, "notes/count")).at("/result/count").asInt()).isEqualTo(2);
            LegacySession other = McpServer.newSession();
            ask(server, other, legacyInitialize("{}"));
            assertThat(ask(server, other, Wire.legacy(5, "notes/count")).at("/error/code").asInt()).isEqualTo(-32601);
        });
        runner.withBean("echo", Echo.class).run(context -> assertThat(Wire.ask(context.getBean(McpServer.class),
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"notes/count\",\"params\":{" + NotesExtension.DECLARING + "}}")
                .at("/error/code").asInt()).isEqualTo(-32601));
    }

    @Test
    void twoExtensionBeansOfOneIdentifierFailStartupNamingBoth() {
        runner.withBean("echo", Echo.class).withBean("notes", NotesExtension.class)
                .withBean("moreNotes", NotesExtension.class).run(context -> {
                    assertThat(context).getFailure().rootCause().isInstanceOf(InvalidCatalogException.class)
                            .hasMessage("Extension io.example/notes is contributed twice: by notes and by moreNotes");
                    FailureAnalysis analysis = new InvalidCatalogFailureAnalyzer().analyze(context.getStartupFailure());
                    assertThat(analysis.getAction()).isEqualTo(InvalidCatalogFailureAnalyzer.ACTION);
                });
    }

    @Test
    void theSkillsOfTheLocationsAndTheSkillBeansAreServedAndAloneMakeAServer() {
        runner.withPropertyValues("beammcp.skills.locations=" + FIXTURE_SKILLS)
                .withBean("guide", SkillBinding.class, () -> SkillBinding.of("acme/onboarding", Map.of("SKILL.md",
                        "---\nname: onboarding\ndescription: How a new member starts\n---\nStart here.\n"
                                .getBytes(StandardCharsets.UTF_8)))).run(context -> {
                    McpServer server = context.getBean(McpServer.class);
                    JsonNode skills = Wire.ask(server, Wire.modern(1, "skills/list", "")).at("/result/skills");
                    assertThat(skills).extracting(skill -> skill.path("uri").asString()).containsExactly("skill://acme/onboarding/SKILL.md",
                            "skill://release-checklist/SKILL.md");
                    assertThat(Wire.ask(server, Wire.modern(2, "resources/directory/read",
                            "\"uri\":\"skill://release-checklist/steps\"")).at("/result/resources/0/uri").asString())
                            .isEqualTo("skill://release-checklist/steps/tag.md");
                    assertThat(Wire.ask(server, Wire.modern(3, "resources/read",
                            "\"uri\":\"skill://release-checklist/steps/tag.md\"")).at("/result/contents/0/text")
                            .asString()).startsWith("# Tag the release");
                });
    }

    @Test
    void theCacheHintsAndDirectoryReadAreSettableAndSkillsCanBeTurnedOff() {
        runner.withBean("echo", Echo.class).withPropertyValues("beammcp.skills.locations=" + FIXTURE_SKILLS,
                "beammcp.skills.ttl=5m", "beammcp.skills.cache-scope=public", "beammcp.skills.directory-read=false")
                .run(context -> {
                    McpServer server = context.getBean(McpServer.class);
                    JsonNode list = Wire.ask(server, Wire.modern(1, "skills/list", "")).path("result");
                    assertThat(list.path("ttlMs").asLong()).isEqualTo(300_000);
                    assertThat(list.path("cacheScope").asString()).isEqualTo("public");
                    assertThat(Wire.ask(server, Wire.modern(2, "resources/directory/read",
                            "\"uri\":\"skill://release-checklist\"")).at("/error/code").asInt()).isEqualTo(-32601);
                });
        runner.withBean("echo", Echo.class).withPropertyValues("beammcp.skills.locations=" + FIXTURE_SKILLS,
                "beammcp.skills.enabled=false").run(context -> assertThat(Wire.ask(context.getBean(McpServer.class),
                Wire.modern(1, "skills/list", "")).at("/error/code").asInt()).isEqualTo(-32601));
    }

    @Test
    void theDefaultLocationIsTheClassPathFolderMcpSkills() {
        assertThat(new BeamMcpSkillsProperties().getLocations()).containsExactly("classpath:/mcp/skills/*/SKILL.md");
    }

    @Test
    void aLocationNamingAnotherFileOrASkillClientsCouldNotUseFailsStartupNamingIt(@TempDir Path dir) throws Exception {
        Path readme = dir.resolve("notes/README.md");
        Files.createDirectories(readme.getParent());
        Files.writeString(readme, "not a skill");
        String pattern = "file:" + dir + "/*/README.md";
        runner.withPropertyValues("beammcp.skills.locations=" + pattern).run(context -> assertThat(context).getFailure()
                .rootCause().isInstanceOf(InvalidCatalogException.class).hasMessage("beammcp.skills.locations: "
                        + pattern + " names " + readme.toUri().toURL() + ", which is not a SKILL.md file"));

        Path skillMd = dir.resolve("Shouting/SKILL.md");
        Files.createDirectories(skillMd.getParent());
        Files.writeString(skillMd, "---\nname: Shouting\ndescription: Loud\n---\n");
        runner.withPropertyValues("beammcp.skills.locations=file:" + dir + "/*/SKILL.md").run(context -> {
            FailureAnalysis analysis = new InvalidCatalogFailureAnalyzer().analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).startsWith("The MCP server cannot serve what the application offers: "
                    + skillMd.getParent() + ": the skill's directory name 'Shouting' breaks the naming rules");
        });
    }
}
