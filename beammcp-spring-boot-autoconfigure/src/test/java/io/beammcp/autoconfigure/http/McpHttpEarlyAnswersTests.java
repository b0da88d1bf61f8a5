package io.beammcp.autoconfigure.http;

import io.beammcp.testsupport.RawHttp;
import io.beammcp.testsupport.SlowBodies;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Answers given on the endpoint's path before anything reads the request's body, here the CORS filter's
 * answer to a preflight: they carry {@code Connection: close} and the connection closes at once, so a body
 * dripped behind them holds no thread. On a server with 8 request threads, 40 such connections leave a
 * legitimate call promptly served (on the reactive transport no thread waits for a body, and the connections
 * close all the same).
 */
class McpHttpEarlyAnswersTests extends EndpointTestSupport {

    @Override
    List<String> properties() {
        return List.of("server.tomcat.threads.max=8");
    }

    private String preflight(String origin) {
        return "OPTIONS /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nOrigin: " + origin + "\r\n"
                + "Access-Control-Request-Method: POST\r\nContent-Length: 1000\r\n\r\n";
    }

    @Test
    void aPreflightDeclaringABodyIsAnsweredAndItsConnectionClosedWithoutWaitingForTheBody() throws Exception {
        for (String origin : new String[] {"http://localhost:5173", "http://evil.example"}) {
            try (RawHttp raw = new RawHttp(port)) {
                raw.send(preflight(origin));
                RawHttp.Response response = raw.read();
                assertThat(response.status()).as(origin).isEqualTo(origin.contains("evil") ? 403 : 200);
                assertThat(response.closes()).as(origin).isTrue();
                assertThat(raw.closedByServer(2_000)).as(origin).isTrue();
            }
        }
    }

    @Test
    void slowBodiesBehindPreflightsHoldNoThreadAndALegitimateCallIsServedPromptly() throws Exception {
        try (SlowBodies attack = SlowBodies.attack(port, 40,
                i -> preflight(i % 2 == 0 ? "http://localhost:5173" : "http://evil.example"))) {
            assertThat(attack.answers()).allSatisfy(answer -> assertThat(answer.closes()).isTrue());
            Thread dripper = attack.drip(1_000);
            try {
                long start = System.nanoTime();
                try (RawHttp raw = new RawHttp(port)) {
                    raw.post(EndpointTestSupport.modern(1, "tools/list", ""), "MCP-Protocol-Version: 2026-07-28",
                            "Mcp-Method: tools/list");
                    assertThat(raw.read().status()).isEqualTo(200);
                }
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
                assertThat(attack.closedByServer(2_000)).isEqualTo(40);
            } finally {
                dripper.interrupt();
            }
        }
    }
}
