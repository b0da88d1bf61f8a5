package io.beammcp.benchmarks.bare;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HTTP benchmark still runs: {@code benchmarks/http.sh --smoke} (one round of two-second runs at 16 connections
 * after a one-second warm-up) on the packaged sample and this module's bare app, beside the MCP Java SDK's server
 * (benchmarks/sdk-app, built by the script when missing) and with the contended mode's CPU-bound neighbour. Every
 * server answers every run of each request kind it speaks, without a failed response. The figures of a smoke run mean
 * nothing and nothing here is timed; the time-out only catches a hang.
 */
@Timeout(600)
class HttpBenchmarkSmokeIT {

    private static final Path SCRIPT = Path.of("..", "http.sh").toAbsolutePath().normalize();

    @Test
    void everyServerAnswersEveryRunOfTheSmokeRun() throws Exception {
        Path results = Path.of("target", "http-smoke").toAbsolutePath();
        Path log = Path.of("target", "http-smoke.log").toAbsolutePath();
        Files.createDirectories(results);
        ProcessBuilder builder = new ProcessBuilder("bash", SCRIPT.toString(), "--smoke", "--sdk", "--contended")
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("RESULTS_DIR", results.toString());
        builder.environment().put("BARE_JAR", Path.of("target", "bare-app.jar").toAbsolutePath().toString());
        Process script = builder.start();
        try {
            assertThat(script.waitFor(540, TimeUnit.SECONDS)).as("http.sh --smoke ended").isTrue();
        } finally {
            script.destroy(); // the script's trap stops the servers it started
        }
        assertThat(script.exitValue()).as("http.sh exit status; its output:%n%s", Files.readString(log)).isZero();

        Path run = latestRun(results);
        List<String[]> rows = Files.readAllLines(run.resolve("runs.tsv")).stream().skip(1)
                .map(line -> line.split("\t")).toList();
        // kind, conns, round, app, rps, p50, p99, bad, cpu per request
        assertThat(rows.stream().map(row -> row[0] + " " + row[3]).collect(Collectors.toSet()))
                .isEqualTo(Set.of("modern sample", "modern bare", "modern sdk", "legacy sample", "legacy bare"));
        assertThat(rows).allSatisfy(row -> {
            assertThat(Double.parseDouble(row[4])).as("requests/s of %s %s", row[0], row[3]).isPositive();
            assertThat(row[7]).as("failed responses of %s %s", row[0], row[3]).isEqualTo("0");
            assertThat(Double.parseDouble(row[8])).as("CPU per request of %s %s", row[0], row[3]).isPositive();
        });
        assertThat(Files.readString(run.resolve("summary.txt")))
                .contains("vs bare: req/s", "vs sdk: req/s", "contended: stress-ng ran on CPU");
    }

    /** The directory of the newest run under the results directory (named by UTC time, so the last in order). */
    private static Path latestRun(Path results) throws IOException {
        try (Stream<Path> runs = Files.list(results)) {
            return runs.filter(Files::isDirectory).max(Path::compareTo).orElseThrow();
        }
    }
}
