package io.beammcp.autoconfigure.http;

import io.beammcp.testsupport.RawHttp;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server without OAuth answers the discovery documents clients ask for before connecting with an empty
 * 404, not an error page; other unknown paths keep the application's error page.
 */
class McpHttpWellKnownProbesTests extends EndpointTestSupport {

    private RawHttp.Response get(String path) throws Exception {
        try (RawHttp raw = new RawHttp(port)) {
            raw.send("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAccept: application/json\r\n\r\n");
            return raw.read();
        }
    }

    @Test
    void theOAuthDiscoveryDocumentsAreAnEmpty404() throws Exception {
        for (String path : new String[] { "/.well-known/oauth-protected-resource",
                "/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-authorization-server",
                "/.well-known/oauth-authorization-server/mcp", "/.well-known/openid-configuration",
                "/.well-known/openid-configuration/mcp", "/mcp/.well-known/openid-configuration" }) {
            RawHttp.Response response = get(path);
            assertThat(response.status()).as(path).isEqualTo(404);
            assertThat(response.text()).as(path).isEmpty();
            assertThat(response.header("Content-Type")).as(path).isNull();
        }
    }

    @Test
    void anotherUnknownPathKeepsTheErrorPage() throws Exception {
        RawHttp.Response response = get("/.well-known/security.txt");
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().get("status").asInt()).isEqualTo(404);
    }
}
