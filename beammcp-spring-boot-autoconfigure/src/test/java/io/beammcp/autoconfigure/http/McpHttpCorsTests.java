package io.beammcp.autoconfigure.http;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CORS without Spring Security: the same list as the Origin policy ({@code allowed-origins}, here with a port
 * wildcard) decides the preflight answer and the response headers.
 */
class McpHttpCorsTests extends EndpointTestSupport {

    private RawHttp.Response preflight(String origin) throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            raw.sendHead("OPTIONS", "Origin: " + origin, "Access-Control-Request-Method: POST",
                    "Access-Control-Request-Headers: content-type, mcp-protocol-version, mcp-method, mcp-name");
            return raw.read();
        }
    }

    @Test
    void preflightOfAnAdmittedOriginIsAnsweredWithTheMcpHeaders() throws Exception {
        RawHttp.Response response = preflight("http://localhost:5173");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Access-Control-Allow-Origin")).isEqualTo("http://localhost:5173");
        assertThat(response.header("Access-Control-Allow-Headers").toLowerCase())
                .contains("content-type", "mcp-protocol-version", "mcp-method", "mcp-name");
    }

    @Test
    void preflightToAnotherSpellingOfTheEndpointsPathIsAnsweredAsTheEndpoints() throws Exception {
        // the transport serves /mc%70 as /mcp, so the CORS rules of /mcp must answer it too
        try (RawHttp raw = new RawHttp(port)) {
            raw.send("OPTIONS /mc%70 HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nOrigin: http://evil.example.com\r\n"
                    + "Access-Control-Request-Method: POST\r\n\r\n");
            RawHttp.Response response = raw.read();
            assertThat(response.status()).isEqualTo(403);
            assertThat(response.header("Access-Control-Allow-Origin")).isNull();
        }
    }

    @Test
    void preflightOfAnotherOriginIs403WithoutCorsHeaders() throws Exception {
        RawHttp.Response response = preflight("http://evil.example.com");
        assertThat(response.status()).isEqualTo(403);
        assertThat(response.header("Access-Control-Allow-Origin")).isNull();
    }

    @Test
    void aResponseToAnAdmittedOriginExposesTheHeadersAClientReads() throws Exception {
        HttpResponse<String> response = post(initialize(1), "Origin", "https://app.example.com");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Access-Control-Allow-Origin")).hasValue("https://app.example.com");
        // the session id, and what a browser client needs to step up (WWW-Authenticate) or wait (Retry-After)
        assertThat(response.headers().firstValue("Access-Control-Expose-Headers").orElse("").split(",\\s*"))
                .contains("Mcp-Session-Id", "WWW-Authenticate", "Retry-After");
        assertThat(response.headers().firstValue("Mcp-Session-Id")).isPresent();
    }

    @Test
    void aRequestWithoutOriginGetsNoCorsHeaders() throws Exception {
        HttpResponse<String> response = post(initialize(1));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    }
}
