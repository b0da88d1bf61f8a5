package io.beammcp.sample;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.beammcp.sample.StdioProcess.JAR;
import static io.beammcp.sample.StdioProcess.JSON;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The fast-start path of the documentation still works: {@code fast-start.sh} runs the two commands of
 * docs/fast-start.md on the packaged sample (extract, one training run answering a {@code server/discover}) and the
 * JVM writes its cache (a CDS archive on the JDK running the build, an AOT cache on Java 25 when one is installed);
 * the client configuration it prints starts a server that answers, and the JVM loads the application's classes and
 * those that wrote the training's answer from that cache. Nothing here is timed.
 */
@Timeout(300)
class FastStartIT {

    private static final Path SCRIPT = Path.of("fast-start.sh").toAbsolutePath();
    private static final Path JAVA25 = Path.of(System.getProperty("beammcp.java25",
            "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java"));

    @Test
    void cdsArchiveOnTheBuildJdkIsWrittenAndUsed() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        assumeTrue(Runtime.version().feature() < 24, "the build JDK writes an AOT cache instead");
        startsFromTheCache(java, "stdio.jsa", Path.of("target", "fast-start-it-cds"));
    }

    @Test
    void aotCacheOnJava25IsWrittenAndUsed() throws Exception {
        assumeTrue(Files.isExecutable(JAVA25), "no Java 25 at " + JAVA25);
        startsFromTheCache(JAVA25, "stdio.aot", Path.of("target", "fast-start-it-aot"));
    }

    /** Runs {@code fast-start.sh} on the packaged sample and returns what it printed (its log beside the dir). */
    static String fastStart(Path java, Path outDir, String... options) throws Exception {
        assertThat(JAR).as("the packaged sample (run mvn verify, not test)").exists();
        List<String> arguments = new ArrayList<>(List.of("bash", SCRIPT.toString(), "--java", java.toString(),
                "--jar", JAR.toString(), "--dir", outDir.toString()));
        arguments.addAll(List.of(options));
        Process script = new ProcessBuilder(arguments)
                .redirectError(outDir.getParent().resolve(outDir.getFileName() + ".log").toFile())
                .start();
        String printed = new String(script.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(script.waitFor(240, TimeUnit.SECONDS)).isTrue();
        assertThat(script.exitValue()).as("fast-start.sh exit status").isZero();
        return printed;
    }

    private static void startsFromTheCache(Path java, String cacheName, Path dir) throws Exception {
        Path outDir = dir.toAbsolutePath();
        String config = fastStart(java, outDir);
        Path cache = outDir.resolve(cacheName);
        assertThat(cache).isNotEmptyFile();

        JsonNode server = JSON.readTree(config).at("/mcpServers/weather");
        assertThat(server.get("command").stringValue()).isEqualTo(java.toRealPath().toString());
        List<String> command = new ArrayList<>();
        command.add(server.get("command").stringValue());
        server.get("args").valueStream().map(JsonNode::stringValue).forEach(command::add);
        assertThat(command).contains("-XX:TieredStopAtLevel=1", "-jar", outDir.resolve("sample-app.jar").toString(),
                "--beammcp.transport=stdio")
                .anyMatch(arg -> arg.endsWith("=" + cache));
        // which classes came from the cache, in a file so that standard output stays the protocol's; after the
        // configuration's -Xlog:disable, which would clear it
        Path classLog = outDir.resolve("class-load.log");
        command.add(command.indexOf("-jar"), "-Xlog:class+load=info:file=" + classLog);

        Process server1 = new ProcessBuilder(command).redirectError(outDir.resolve("run.log").toFile()).start();
        try (BufferedReader answers = new BufferedReader(
                new InputStreamReader(server1.getInputStream(), StandardCharsets.UTF_8))) {
            // as a client that probes first: server/discover, then initialize
            JsonNode discover = ask(server1, answers, 1, "\"method\":\"server/discover\",\"params\":{\"_meta\":"
                    + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/"
                    + "clientCapabilities\":{}}}");
            assertThat(discover.at("/result/resultType").stringValue()).isEqualTo("complete");
            JsonNode initialized = ask(server1, answers, 2, "\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}");
            assertThat(initialized.at("/result/serverInfo/name").stringValue()).isEqualTo("weather");
            server1.getOutputStream().close();
            assertThat(answers.readLine()).as("nothing else on standard output").isNull();
            assertThat(server1.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(server1.exitValue()).isZero();
        } finally {
            server1.destroyForcibly();
        }
        assertThat(Files.readAllLines(classLog))
                .anyMatch(line -> line.contains(" io.beammcp.sample.WeatherApplication source: shared objects file"))
                .anyMatch(line -> line.contains(" io.beammcp.core.server.McpServer source: shared objects file"))
                .anyMatch(line -> line.contains(" io.beammcp.core.internal.stdio.LineWriter source: shared objects file"));
    }

    /** Sends a request with the id and the rest of its members, and reads the next line, which must answer it. */
    private static JsonNode ask(Process server, BufferedReader answers, int id, String members) throws IOException {
        send(server.getOutputStream(), "{\"jsonrpc\":\"2.0\",\"id\":" + id + "," + members + "}");
        JsonNode answer = JSON.readTree(answers.readLine());
        assertThat(answer.get("id").asInt()).isEqualTo(id);
        return answer;
    }

    private static void send(OutputStream stdin, String line) throws IOException {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }
}
