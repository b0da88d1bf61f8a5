package io.beammcp.reliability;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A multipart or form content type must not take the body past the pipeline's guards (found by
 * {@link HttpFuzzTest}), while the application's own endpoints keep reading such bodies the Spring MVC way.
 */
@Timeout(60)
class HttpMultipartTest extends LiveServer {

    private static final String LIST = CoreClient.modernMessage(1, "tools/list", null);

    /** Headers of a POST announcing 1,000 bytes more than are sent, then waits for the answer. */
    private RawHttp.Response stalled(String contentType, String... lines) throws Exception {
        try (RawHttp raw = new RawHttp(port, 5_000)) {
            StringBuilder head = new StringBuilder("POST /mcp HTTP/1.1\r\nContent-Type: " + contentType + "\r\n"
                    + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/list\r\n");
            for (String line : lines) {
                head.append(line).append("\r\n");
            }
            raw.send(head + "Content-Length: " + (LIST.length() + 1000) + "\r\n\r\n" + LIST);
            return raw.read();
        }
    }

    @Test
    void aJsonBodyThatStallsIsRefusedOnItsHeadersAtOnce() throws Exception {
        long start = System.nanoTime();
        assertThat(stalled("application/json", "Host: evil.example.com").status()).isEqualTo(403);
        assertThat(stalled("application/json", "Host: 127.0.0.1:" + port, "X-Deny: 1").status()).isEqualTo(403);
        assertThat(stalled("application/json", "Host: 127.0.0.1:" + port).status()).isEqualTo(408);
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(4_000);
    }

    @Test
    void aMultipartContentTypeDoesNotTakeTheBodyPastOriginAuthorizeAndTheDeadline() throws Exception {
        long start = System.nanoTime();
        RawHttp.Response evil;
        try {
            evil = stalled("multipart/form-data; boundary=x", "Host: evil.example.com");
        } catch (SocketTimeoutException e) {
            throw new AssertionError("no answer within 5 s to a bad Host with a multipart body", e);
        }
        assertThat(evil.status()).isEqualTo(403);
        assertThat(stalled("multipart/form-data; boundary=x", "Host: 127.0.0.1:" + port, "X-Deny: 1").status())
                .isEqualTo(403);
        assertThat(stalled("multipart/form-data; boundary=x", "Host: 127.0.0.1:" + port).status()).isEqualTo(408);
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(4_000);
    }

    @Test
    void aFormEncodedBodyOfAnotherMethodIsRefusedWithoutWaitingForIt() throws Exception {
        String body = CoreClient.modernMessage(1, "tools/list", null);
        for (String method : new String[] {"PUT", "PATCH", "DELETE"}) {
            long start = System.nanoTime();
            try (RawHttp raw = new RawHttp(port, 5_000)) {
                raw.send(method + " /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: "
                        + "application/x-www-form-urlencoded\r\nContent-Length: " + (body.length() + 1000) + "\r\n\r\n" + body);
                RawHttp.Response response;
                try {
                    response = raw.read();
                } catch (SocketTimeoutException e) {
                    throw new AssertionError(method + ": no answer within 5 s", e);
                }
                assertThat(response.status()).isEqualTo(405);
                assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(1_500);
            }
        }
    }

    @Test
    void aMultipartContentTypeWithoutBoundaryIsNotA500() throws Exception {
        for (String host : new String[] {"evil.example.com", "127.0.0.1:" + port}) {
            try (RawHttp raw = new RawHttp(port, 5_000)) {
                raw.send("POST /mcp HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: multipart/form-data\r\n"
                        + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/list\r\nContent-Length: " + LIST.length()
                        + "\r\n\r\n" + LIST);
                RawHttp.Response response = raw.read();
                assertThat(response.status()).as(host).isLessThan(500);
                if (host.startsWith("evil")) {
                    assertThat(response.status()).isEqualTo(403);
                }
            }
        }
    }

    @Test
    void aWholeJsonBodyDeclaredAsMultipartOrFormIsServedAsJson() throws Exception {
        for (String type : new String[] {"multipart/form-data; boundary=x", "application/x-www-form-urlencoded"}) {
            try (RawHttp raw = new RawHttp(port, 5_000)) {
                raw.send("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: " + type + "\r\n"
                        + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/list\r\nContent-Length: "
                        + LIST.length() + "\r\n\r\n" + LIST);
                RawHttp.Response response = raw.read();
                assertThat(response.status()).as(type).isEqualTo(200);
                assertThat(response.json().at("/result/tools").isArray()).isTrue();
            }
        }
    }

    @Test
    void theApplicationsOwnEndpointsStillReadMultipartAndFormBodies() throws Exception {
        String multipart = "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\nhello\r\n--x\r\nContent-Disposition: form-data; "
                + "name=\"note\"\r\n\r\nhi\r\n--x--\r\n";
        String application = "http://localhost:" + port;
        HttpResponse<String> upload = CLIENT.send(HttpRequest.newBuilder(URI.create(application + "/upload"))
                .header("Content-Type", "multipart/form-data; boundary=x")
                .POST(HttpRequest.BodyPublishers.ofString(multipart)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(upload.statusCode()).isEqualTo(200);
        assertThat(upload.body()).isEqualTo("a.txt 5 hi");
        HttpResponse<String> form = CLIENT.send(HttpRequest.newBuilder(URI.create(application + "/form"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .PUT(HttpRequest.BodyPublishers.ofString("a=b%20c")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(form.statusCode()).isEqualTo(200);
        assertThat(form.body()).isEqualTo("b c");
    }
}
