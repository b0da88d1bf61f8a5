package io.beammcp.reliability;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.SocketTimeoutException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A multipart content type must not take the body past the pipeline's guards. Found by {@link HttpFuzzTest}.
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

    @Disabled("known bug: with Content-Type multipart/form-data; boundary=x, Spring MVC's auto-configured multipart "
            + "resolver (DispatcherServlet.checkMultipart, MultipartAutoConfiguration) reads the whole body with blocking "
            + "IO before McpHttpController runs: a stalled body with Host: evil.example.com or a refusing McpAuthorizer "
            + "gets no answer at all within 5 s (application/json: 403 in ~20 ms), the 1 s body deadline (408) does not "
            + "apply, up to spring.servlet.multipart.max-request-size (10 MB) is read before Origin, Host and authorize, "
            + "and the endpoint then sees an empty body (400 -32700); expected 403 / 408 exactly as for application/json "
            + "(fix: keep multipart resolution off the MCP path, e.g. refuse non-JSON media types before DispatcherServlet)")
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

    @Disabled("known bug: Spring's auto-configured FormContentFilter (spring.mvc.formcontent.filter.enabled, on by "
            + "default) reads the body of a PUT, PATCH or DELETE with Content-Type application/x-www-form-urlencoded with "
            + "blocking IO before McpHttpController runs: a stalled body gets no answer within 5 s, where the same "
            + "request with application/json is refused at once (405 with Allow: POST) and a stalled POST gets 408 at "
            + "the 1 s deadline; the request thread is held until the container's connection timeout")
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

    @Disabled("known bug: Content-Type multipart/form-data without a boundary makes Spring MVC's multipart resolver "
            + "throw MultipartException before McpHttpController runs: the answer is 500 (Spring's error page JSON with "
            + "\"status\":500) even for Host: evil.example.com, i.e. an undocumented 5xx ahead of the Origin/Host check; "
            + "expected 403 for the bad Host and a 4xx otherwise")
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
}
