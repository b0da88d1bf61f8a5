package io.beammcp.autoconfigure.http;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpResponse;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The tool-call rate per caller over HTTP ({@code beammcp.limits.tool-calls-per-caller=2} a minute, the caller
 * here being the client's address): the third call in the period is 429 with {@code Retry-After} and the
 * JSON-RPC error {@code -31429} echoing its id, in both revisions, and the tool does not run.
 */
class McpHttpRateLimitTests extends EndpointTestSupport {

    @Override
    List<String> properties() {
        return List.of("beammcp.limits.tool-calls-per-caller=2", "beammcp.limits.tool-calls-period=1m");
    }

    private HttpResponse<String> count(Object id) throws Exception {
        return post(modern(id, "tools/call", "\"name\":\"count\""), modernHeaders("tools/call", "count"));
    }

    @Test
    void theCallPastTheRateIs429WithRetryAfterAndTheErrorBeforeTheToolRuns() throws Exception {
        assertThat(count(1).statusCode()).isEqualTo(200);
        assertThat(count(2).statusCode()).isEqualTo(200);
        int before = HttpTestHost.COUNTED.get();

        HttpResponse<String> refused = count("third");
        assertThat(refused.statusCode()).isEqualTo(429);
        long retryAfter = Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow());
        assertThat(retryAfter).isBetween(1L, 66L); // a period and at most one slot of it
        assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/json");
        JsonNode body = json(refused);
        assertThat(body).isEqualTo(JSON.readTree("{\"jsonrpc\":\"2.0\",\"id\":\"third\",\"error\":{\"code\":-31429,"
                + "\"message\":\"Rate limit exceeded: at most 2 tool calls in 60 s; retry after " + retryAfter
                + " s\",\"data\":{\"retryAfterSeconds\":" + retryAfter + "}}}"));

        // the same caller in a 2025-11-25 session: the same answer, for the allowance is the caller's
        String session = openSession();
        HttpResponse<String> legacy = post(legacy(7, "tools/call", "{\"name\":\"count\"}"),
                "Mcp-Session-Id", session, "MCP-Protocol-Version", LEGACY);
        assertThat(legacy.statusCode()).isEqualTo(429);
        assertThat(legacy.headers().firstValue("Retry-After")).isPresent();
        assertThat(json(legacy).at("/error/code").asInt()).isEqualTo(-31429);
        assertThat(json(legacy).at("/id").asInt()).isEqualTo(7);

        assertThat(post(modern(8, "tools/list", ""), modernHeaders("tools/list", null)).statusCode())
                .as("only tool calls are counted").isEqualTo(200);
        assertThat(HttpTestHost.COUNTED.get()).as("the refused calls never ran the tool").isEqualTo(before);
    }
}
