package io.beammcp.oauth;

import io.beammcp.testsupport.RawHttp;
import io.beammcp.testsupport.SlowBodies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The 401 challenge is given before the body is read: it carries {@code Connection: close} and the
 * connection closes at once, so 40 unauthenticated connections dripping their bodies behind it, on a server
 * with 8 request threads (on the reactive transport no thread waits for a body at all), leave a caller with a
 * valid token promptly served.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SlowBodiesBehindTheChallengeTests extends OAuthServer {

    @Override
    List<String> properties() {
        return List.of("server.tomcat.threads.max=8",
                "beammcp.http.oauth2.authorization-servers=" + OAuthTestApp.ISSUER);
    }

    @Test
    void slowBodiesBehindThe401HoldNoThreadAndACallerWithAValidTokenIsServedPromptly() throws Exception {
        String head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\n"
                + "Accept: application/json, text/event-stream\r\nContent-Length: 1000\r\n";
        try (SlowBodies attack = SlowBodies.attack(port, 40,
                i -> head + (i % 2 == 0 ? "" : "Authorization: Bearer not-a-token\r\n") + "\r\n")) {
            assertThat(attack.answers()).allSatisfy(answer -> {
                assertThat(answer.status()).isEqualTo(401);
                assertThat(answer.closes()).isTrue();
            });
            Thread dripper = attack.drip(1_000);
            try {
                long start = System.nanoTime();
                try (RawHttp raw = new RawHttp(port)) {
                    raw.post(ProtectedResourceTests.LIST, "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/list",
                            "Authorization: Bearer " + Tokens.signed(Tokens.claims()));
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
