package io.beammcp.autoconfigure.http;

import io.beammcp.core.server.McpServer;
import io.beammcp.core.Revision;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.core.spi.Reply;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/** Each kind of reply as the response it becomes: status, headers and the exact body bytes. */
class ReplyMappingTests {

    private static final Revision MODERN = Revision.V2026_07_28;
    private static final Revision LEGACY = Revision.V2025_11_25;
    private static final byte[] RESULT = bytes("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}");
    private static final byte[] NOT_FOUND = bytes(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}");
    private static final byte[] INVALID = bytes(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32600,\"message\":\"Invalid Request\"}}");

    private final InMemoryMcpSessionStore sessions = new InMemoryMcpSessionStore(10, 10, Duration.ofMinutes(1));
    private final ReplyMapping mapping = new ReplyMapping(sessions);

    @Test
    void aResultIs200WithItsJson() {
        ResponseEntity<byte[]> response = mapping.response(Reply.result(MODERN, RESULT, null), false, false);
        assertThat(response.getStatusCode().value()).isEqualTo(200);
        assertThat(response.getHeaders().toSingleValueMap()).containsExactly(entry("Content-Type", "application/json"));
        assertThat(response.getBody()).isEqualTo(RESULT);
    }

    @Test
    void aResultThatOpenedASessionSavesItUnderAFreshIdSentBack() {
        LegacySession opened = McpServer.newSession();
        ResponseEntity<byte[]> response = mapping.response(Reply.result(LEGACY, RESULT, opened), false, false);
        assertThat(response.getStatusCode().value()).isEqualTo(200);
        String id = response.getHeaders().getFirst("Mcp-Session-Id");
        assertThat(id).matches("[A-Za-z0-9_-]{43}");
        assertThat(sessions.find(id)).isSameAs(opened);
        assertThat(response.getHeaders().getFirst("Content-Type")).isEqualTo("application/json");
        assertThat(response.getBody()).isEqualTo(RESULT);

        String second = mapping.response(Reply.result(LEGACY, RESULT, McpServer.newSession()), false, false)
                .getHeaders().getFirst("Mcp-Session-Id");
        assertThat(second).isNotEqualTo(id);
    }

    @Test
    void aHandlerErrorIs200EvenForAnUnknownLegacyMethod() {
        ResponseEntity<byte[]> response = mapping.response(Reply.error(Reply.Kind.ERROR, LEGACY, NOT_FOUND, -32601),
                true, false);
        assertThat(response.getStatusCode().value()).isEqualTo(200);
        assertThat(response.getHeaders().toSingleValueMap()).containsExactly(entry("Content-Type", "application/json"));
        assertThat(response.getBody()).isEqualTo(NOT_FOUND);
    }

    @Test
    void aRefusedUnknownMethodIs404AndAnyOtherRefusal400() {
        ResponseEntity<byte[]> unknown = mapping.response(Reply.error(Reply.Kind.REFUSED, MODERN, NOT_FOUND, -32601),
                false, false);
        assertThat(unknown.getStatusCode().value()).isEqualTo(404);
        assertThat(unknown.getHeaders().toSingleValueMap()).containsExactly(entry("Content-Type", "application/json"));
        assertThat(unknown.getBody()).isEqualTo(NOT_FOUND);

        ResponseEntity<byte[]> invalid = mapping.response(Reply.error(Reply.Kind.REFUSED, MODERN, INVALID, -32600),
                false, false);
        assertThat(invalid.getStatusCode().value()).isEqualTo(400);
        assertThat(invalid.getBody()).isEqualTo(INVALID);
    }

    @Test
    void aRefusedNotificationIs400WithoutBody() {
        ResponseEntity<byte[]> response = mapping.response(Reply.error(Reply.Kind.REFUSED, MODERN, null, -32020),
                false, false);
        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertThat(response.getHeaders().toSingleValueMap()).isEmpty();
        assertThat(response.getBody()).isNull();
    }

    @Test
    void anAcceptedNotificationIs202WithoutBody() {
        ResponseEntity<byte[]> response = mapping.response(Reply.of(Reply.Kind.ACCEPTED, LEGACY), true, false);
        assertThat(response.getStatusCode().value()).isEqualTo(202);
        assertThat(response.getHeaders().toSingleValueMap()).isEmpty();
        assertThat(response.getBody()).isNull();
    }

    @Test
    void anUnansweredRequestIsAnEmptyEventStream() {
        ResponseEntity<byte[]> response = mapping.response(Reply.of(Reply.Kind.UNANSWERED, MODERN), false, false);
        assertThat(response.getStatusCode().value()).isEqualTo(200);
        assertThat(response.getHeaders().toSingleValueMap()).containsOnly(entry("Content-Type", "text/event-stream"),
                entry("Cache-Control", "no-cache"), entry("X-Accel-Buffering", "no"));
        assertThat(response.getBody()).isEmpty();
    }

    @Test
    void aMissingSessionIs400WhenNoneWasNamedAnd404WhenTheNamedOneIsGone() {
        Reply missing = Reply.error(Reply.Kind.SESSION_MISSING, LEGACY, INVALID, -32600);
        ResponseEntity<byte[]> unnamed = mapping.response(missing, false, false);
        assertThat(unnamed.getStatusCode().value()).isEqualTo(400);
        assertThat(unnamed.getHeaders().toSingleValueMap()).containsExactly(entry("Content-Type", "application/json"));
        assertThat(unnamed.getBody()).isEqualTo(INVALID);

        ResponseEntity<byte[]> gone = mapping.response(missing, true, false);
        assertThat(gone.getStatusCode().value()).isEqualTo(404);
        assertThat(gone.getBody()).isEqualTo(INVALID);

        ResponseEntity<byte[]> stream = mapping.response(Reply.of(Reply.Kind.SESSION_MISSING, LEGACY), true, false);
        assertThat(stream.getStatusCode().value()).isEqualTo(404);
        assertThat(stream.getHeaders().toSingleValueMap()).isEmpty();
        assertThat(stream.getBody()).isNull();
    }

    @Test
    void aStreamOverTheBoundIs429WithItsError() {
        byte[] over = bytes("{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Too many streams\"}}");
        ResponseEntity<byte[]> response = mapping.response(Reply.error(Reply.Kind.OVER_LIMIT, LEGACY, over, -32600),
                true, false);
        assertThat(response.getStatusCode().value()).isEqualTo(429);
        assertThat(response.getHeaders().toSingleValueMap()).containsExactly(entry("Content-Type", "application/json"));
        assertThat(response.getBody()).isEqualTo(over);
    }

    @Test
    void aToolCallOverItsRateIs429WithRetryAfterAndItsError() {
        byte[] over = bytes("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-31429,\"message\":\"Rate limit exceeded\"}}");
        ResponseEntity<byte[]> response = mapping.response(Reply.rateLimited(MODERN, over, -31429, 17), false, false);
        assertThat(response.getStatusCode().value()).isEqualTo(429);
        assertThat(response.getHeaders().toSingleValueMap()).containsExactly(entry(HttpHeaders.RETRY_AFTER, "17"),
                entry("Content-Type", "application/json"));
        assertThat(response.getBody()).isEqualTo(over);
    }

    @Test
    void theEndOfInputIs202WithTheShutdownAnswerIfAny() {
        ResponseEntity<byte[]> shutdown = mapping.response(Reply.endOfInput(RESULT), false, false);
        assertThat(shutdown.getStatusCode().value()).isEqualTo(202);
        assertThat(shutdown.getHeaders().toSingleValueMap()).containsExactly(entry("Content-Type", "application/json"));
        assertThat(shutdown.getBody()).isEqualTo(RESULT);

        ResponseEntity<byte[]> exit = mapping.response(Reply.endOfInput(null), false, false);
        assertThat(exit.getStatusCode().value()).isEqualTo(202);
        assertThat(exit.getHeaders().toSingleValueMap()).isEmpty();
        assertThat(exit.getBody()).isNull();
    }

    @Test
    void aResponseToARequestWhoseBodyWasNotReadClosesTheConnection() {
        byte[] over = bytes("{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Too many streams\"}}");
        ResponseEntity<byte[]> response = mapping.response(Reply.error(Reply.Kind.OVER_LIMIT, LEGACY, over, -32600),
                true, true);
        assertThat(response.getStatusCode().value()).isEqualTo(429);
        assertThat(response.getHeaders().toSingleValueMap()).containsExactly(entry(HttpHeaders.CONNECTION, "close"),
                entry("Content-Type", "application/json"));
        assertThat(response.getBody()).isEqualTo(over);
    }

    @Test
    void anInsufficientScopeIs403WithAStepUpChallengeNamingEveryScopeAndTheJsonRpcError() {
        byte[] denied = bytes("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-31403,"
                + "\"message\":\"Insufficient scope\",\"data\":{\"scopes\":[\"files:read\",\"files:write\"]}}}");
        Reply reply = Reply.insufficientScope(MODERN, denied, -31403, List.of("files:read", "files:write"));
        ResponseEntity<byte[]> response = new ReplyMapping(sessions,
                McpScopeChallenge.bearer("https://mcp.example.com/.well-known/oauth-protected-resource/mcp"))
                .response(reply, false, false);
        assertThat(response.getStatusCode().value()).isEqualTo(403);
        assertThat(response.getHeaders().toSingleValueMap()).containsExactly(entry(HttpHeaders.WWW_AUTHENTICATE,
                "Bearer error=\"insufficient_scope\", scope=\"files:read files:write\", resource_metadata="
                        + "\"https://mcp.example.com/.well-known/oauth-protected-resource/mcp\""),
                entry("Content-Type", "application/json"));
        assertThat(response.getBody()).isEqualTo(denied);
        assertThat(mapping.response(reply, false, false).getHeaders().getFirst(HttpHeaders.WWW_AUTHENTICATE))
                .isEqualTo("Bearer error=\"insufficient_scope\", scope=\"files:read files:write\"");
    }

    @Test
    void everyKindHasItsStatus() {
        Map<Reply.Kind, Integer> expected = new EnumMap<>(Map.of(Reply.Kind.RESULT, 200, Reply.Kind.ERROR, 200,
                Reply.Kind.REFUSED, 400, Reply.Kind.ACCEPTED, 202, Reply.Kind.UNANSWERED, 200,
                Reply.Kind.SESSION_MISSING, 400, Reply.Kind.OVER_LIMIT, 429, Reply.Kind.RATE_LIMITED, 429,
                Reply.Kind.INSUFFICIENT_SCOPE, 403, Reply.Kind.END_OF_INPUT, 202));
        assertThat(expected.keySet()).as("a new kind needs its status here").containsExactly(Reply.Kind.values());
        Arrays.stream(Reply.Kind.values()).forEach(kind -> assertThat(
                mapping.response(new Reply(kind, null, null, null, null), false, false).getStatusCode().value())
                .as(kind.name()).isEqualTo(expected.get(kind)));
    }

    private static byte[] bytes(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }
}
