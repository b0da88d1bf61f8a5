package io.beammcp.interop;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged sample app ({@code sample-app/target/sample-app.jar}, built before this module by the
 * reactor), started as a user starts it. Every wait is bounded; {@link #close()} ends the process.
 * {@code interop/langchain4j} compiles this class beside its own tests: it uses only the JDK and AssertJ.
 */
final class SampleApp implements AutoCloseable {

    static final Path JAR = Path.of(System.getProperty("sample.jar", "../../sample-app/target/sample-app.jar"))
            .toAbsolutePath().normalize();
    static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    /** Start-up speed over peak speed: these instances serve a handful of requests. */
    static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final Process process;
    private final int port;
    private final Path log;

    private SampleApp(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** The command line that serves the sample over stdio, for a client that spawns it. */
    static List<String> stdioCommand(String... extraArguments) {
        assertJar();
        List<String> command = new ArrayList<>(JVM_OPTIONS);
        command.addAll(List.of("-jar", JAR.toString(), "--beammcp.transport=stdio", "--spring.main.banner-mode=off"));
        command.addAll(List.of(extraArguments));
        return command;
    }

    /** Starts the sample over HTTP on a free loopback port; {@link #awaitReady()} waits for it. */
    static SampleApp startHttp(String name, String... extraArguments) throws IOException {
        assertJar();
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        Path log = Path.of("target", "interop-" + name + ".log").toAbsolutePath();
        Files.createDirectories(log.getParent());
        List<String> command = new ArrayList<>(List.of(JAVA));
        command.addAll(JVM_OPTIONS);
        command.addAll(List.of("-jar", JAR.toString(), "--server.port=" + port, "--management.server.port=0",
                "--spring.main.banner-mode=off"));
        command.addAll(List.of(extraArguments));
        Process process = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        return new SampleApp(process, port, log);
    }

    SampleApp awaitReady() throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (true) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return this;
            } catch (IOException notYet) {
                assertThat(process.isAlive()).as("the sample exited before listening; its log:%n%s", Files.readString(log))
                        .isTrue();
                assertThat(Instant.now()).as("the sample listens within %s; its log:%n%s", START_TIMEOUT,
                        Files.readString(log)).isBefore(deadline);
                Thread.sleep(200);
            }
        }
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    private static void assertJar() {
        assertThat(JAR).as("the packaged sample (run mvn verify, which packages sample-app first)").exists();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
