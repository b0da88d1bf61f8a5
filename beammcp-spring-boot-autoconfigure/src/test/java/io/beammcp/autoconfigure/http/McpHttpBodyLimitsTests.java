package io.beammcp.autoconfigure.http;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The body cap (1 MiB here) and the whole-body deadline (1 s here), over raw sockets: a declared length
 * over the cap is refused unread, a chunked body at the first byte past the cap, a drip-fed body at the
 * deadline; each of these closes the connection, while refusals after the whole body keep it.
 */
class McpHttpBodyLimitsTests extends EndpointTestSupport {

    private String head(String framing) {
        return "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\n"
                + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/list\r\n" + framing + "\r\n\r\n";
    }

    @Test
    void declaredBodyOverTheCapIs413WithoutReadingIt() throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            long start = System.nanoTime();
            raw.send(head("Content-Length: " + 32L * MIB));
            // not one byte of the 32 MiB is sent: the answer can only come from the declared length
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(413);
            assertThat(response.closes()).isTrue();
            assertThat(response.json()).isEqualTo(JSON.readTree("{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,"
                    + "\"message\":\"Content Too Large: the body exceeds 1048576 bytes\"}}"));
            assertThat(raw.closedByServer(5_000)).isTrue();
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(900);
        }
    }

    @Test
    void chunkedBodyIsRefusedAtTheFirstBytePastTheCap() throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            raw.send(head("Transfer-Encoding: chunked"));
            byte[] chunk = new byte[64 * 1024];
            Arrays.fill(chunk, (byte) ' ');
            for (int sent = 0; sent < MIB; sent += chunk.length) {
                raw.send(Integer.toHexString(chunk.length) + "\r\n");
                raw.send(chunk);
                raw.send("\r\n");
            }
            // exactly the cap so far; one more byte, and the chunked body never ends
            raw.send("1\r\n ");
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(413);
            assertThat(response.closes()).isTrue();
            assertThat(response.json().at("/error/code").asInt()).isEqualTo(-32600);
            assertThat(raw.closedByServer(5_000)).isTrue();
        }
    }

    @Test
    void chunkedBodyWithinTheCapIsServed() throws Exception {
        byte[] body = modern(3, "tools/list", "").getBytes(StandardCharsets.UTF_8);
        try (RawHttp raw = new RawHttp(port)) {
            raw.send(head("Transfer-Encoding: chunked"));
            for (int from = 0; from < body.length; from += 10) {
                byte[] piece = Arrays.copyOfRange(body, from, Math.min(body.length, from + 10));
                raw.send(Integer.toHexString(piece.length) + "\r\n");
                raw.send(piece);
                raw.send("\r\n");
            }
            raw.send("0\r\n\r\n");
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.json().get("id").asInt()).isEqualTo(3);
            assertThat(response.closes()).isFalse();
        }
    }

    @Test
    void bodyOfExactlyTheCapIsRead() throws Exception {
        String message = modern(4, "tools/list", "");
        byte[] body = new byte[MIB];
        Arrays.fill(body, (byte) ' ');
        byte[] json = message.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(json, 0, body, 0, json.length);
        try (RawHttp raw = new RawHttp(port)) {
            raw.send(head("Content-Length: " + body.length));
            raw.send(body);
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.json().get("id").asInt()).isEqualTo(4);
        }
    }

    @Test
    void aBodyThatArrivesInPartsIsServedFromAllOfThem() throws Exception {
        byte[] body = modern(6, "tools/list", "").getBytes(StandardCharsets.UTF_8);
        int half = body.length / 2;
        try (RawHttp raw = new RawHttp(port)) {
            // the first half arrives with the headers and is read at once; the rest comes later
            raw.send(head("Content-Length: " + body.length) + new String(body, 0, half, StandardCharsets.UTF_8));
            Thread.sleep(300);
            raw.send(Arrays.copyOfRange(body, half, body.length));
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.json().get("id").asInt()).isEqualTo(6);
            assertThat(response.json().at("/result/tools").isArray()).isTrue();
            assertThat(response.closes()).isFalse();
            // the connection serves the next request, whose body arrives whole
            raw.send(head("Content-Length: " + body.length) + new String(body, StandardCharsets.UTF_8));
            assertThat(raw.read().json().get("id").asInt()).isEqualTo(6);
        }
    }

    @Test
    void dripFedBodyIs408AtTheDeadline() throws Exception {
        byte[] body = modern(5, "tools/list", "").getBytes(StandardCharsets.UTF_8);
        try (RawHttp raw = new RawHttp(port)) {
            long start = System.nanoTime();
            raw.send(head("Content-Length: " + body.length));
            CountDownLatch answered = new CountDownLatch(1);
            Thread drip = new Thread(() -> {
                // one byte every 150 ms: far inside any per-read idle timeout, far too slow for the whole body
                for (int i = 0; i < body.length - 1 && answered.getCount() > 0; i++) {
                    try {
                        raw.send(new byte[] { body[i] });
                        answered.await(150, TimeUnit.MILLISECONDS);
                    } catch (IOException | InterruptedException e) {
                        return;
                    }
                }
            }, "drip");
            drip.start();
            RawHttp.Response response;
            try {
                response = raw.read();
            } finally {
                answered.countDown();
                drip.join(5_000);
            }
            long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertThat(response.status()).isEqualTo(408);
            assertThat(response.closes()).isTrue();
            assertThat(response.json()).isEqualTo(JSON.readTree("{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,"
                    + "\"message\":\"Request Timeout: the body did not arrive in time\"}}"));
            assertThat(elapsed).isBetween(950L, 2_500L);
        }
    }

    @Test
    void stalledBodyIs408AtTheDeadline() throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            long start = System.nanoTime();
            raw.send(head("Content-Length: 100"));
            raw.send("{\"jsonrpc\"");
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(408);
            assertThat(response.closes()).isTrue();
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isBetween(950L, 2_500L);
            assertThat(raw.closedByServer(5_000)).isTrue();
        }
    }

    @Test
    void refusalsBeforeTheBodyCloseTheConnection() throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            raw.send("PUT /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Length: 10\r\n\r\n");
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(405);
            assertThat(response.closes()).isTrue();
        }
        try (RawHttp raw = new RawHttp(port)) {
            raw.send("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nOrigin: http://evil.example.com\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n");
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(403);
            assertThat(response.closes()).isTrue();
        }
    }

    @Test
    void refusedRequestThenGoodOneOnTheSameKeepAliveConnection() throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            raw.post(modern(1, "tools/list", ""), "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/list");
            RawHttp.Response first = raw.read();
            assertThat(first.status()).isEqualTo(200);
            // refused by the body authorizer: the body was read, so the connection stays usable
            raw.post(modern(2, "tools/list", ""), "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/list",
                    "X-Signature: 0badc0de");
            RawHttp.Response refused = raw.read();
            assertThat(refused.status()).isEqualTo(403);
            assertThat(refused.closes()).isFalse();
            // refused by the core with 404: also kept
            raw.post(modern(3, "unknown/method", ""), "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: unknown/method");
            RawHttp.Response unknown = raw.read();
            assertThat(unknown.status()).isEqualTo(404);
            assertThat(unknown.closes()).isFalse();
            raw.post(modern(4, "tools/list", ""), "MCP-Protocol-Version: 2026-07-28", "Mcp-Method: tools/list");
            RawHttp.Response good = raw.read();
            assertThat(good.status()).isEqualTo(200);
            assertThat(good.json().get("id").asInt()).isEqualTo(4);
        }
    }

    @Test
    void contentLengthWithChunkedIsRefusedAndTheSmuggledRequestNeverRuns() throws Exception {
        // CL.TE: a front end honouring Content-Length and a back end honouring chunked would disagree on where the
        // next request starts; the web server (Tomcat, Reactor Netty) refuses the request and closes
        String smuggled = modern(9, "tools/call", "\"name\":\"count\"");
        String body = "0\r\n\r\nPOST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\n"
                + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\nMcp-Name: count\r\nContent-Length: "
                + smuggled.length() + "\r\n\r\n" + smuggled;
        int before = HttpTestHost.COUNTED.get();
        try (RawHttp raw = new RawHttp(port)) {
            raw.send(head("Content-Length: " + body.length() + "\r\nTransfer-Encoding: chunked") + body);
            assertThat(raw.read().status()).isBetween(400, 499);
            assertThat(raw.closedByServer(3_000)).isTrue();
        }
        assertThat(HttpTestHost.COUNTED.get()).isEqualTo(before);
    }

    @Test
    void deadlinesDoNotOutliveTheirRequests() throws Exception {
        for (int i = 0; i < 50; i++) {
            post(modern(i, "tools/list", ""), modernHeaders("tools/list", null));
        }
        assertThat(pipeline.pendingDeadlines()).isZero();
    }
}
