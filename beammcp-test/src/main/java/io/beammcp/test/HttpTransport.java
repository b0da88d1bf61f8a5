package io.beammcp.test;

import io.beammcp.core.Revision;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Streamable HTTP: each message a {@code POST}; 2026-07-28 requests carry the headers that mirror the body,
 * 2025-11-25 ones the session the {@code initialize} opened; each carries the bearer token when one is set. A
 * response is JSON or an event stream whose notifications and server requests come before the response; an
 * answer that holds no JSON-RPC response (a 401 from a security filter, an error page) is an
 * {@link McpErrorException} with its status, challenge and body.
 */
final class HttpTransport implements Transport {

    private final URI endpoint;
    private final JsonMapper json;
    private final Map<String, String> headers;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private volatile String session;
    private volatile Supplier<String> token = () -> null;

    HttpTransport(URI endpoint, JsonMapper json, Map<String, String> headers) {
        this.endpoint = endpoint;
        this.json = json;
        this.headers = headers;
    }

    @Override
    public Response request(ObjectNode message, Revision revision, Consumer<JsonNode> notifications,
            Function<JsonNode, JsonNode> answers) {
        HttpResponse<Stream<String>> response = post(message, revision);
        session = response.headers().firstValue("Mcp-Session-Id").orElse(session);
        String type = response.headers().firstValue("Content-Type").orElse("");
        int status = response.statusCode();
        String challenge = String.join(", ", response.headers().allValues("WWW-Authenticate"));
        try (Stream<String> lines = response.body()) {
            if (!type.startsWith("text/event-stream")) {
                String body = String.join("\n", (Iterable<String>) lines::iterator);
                JsonNode answer = jsonRpcResponse(body);
                if (answer == null) {
                    throw new McpErrorException(new Response(null, status, challenge, body));
                }
                return new Response(answer, status, challenge, body);
            }
            StringBuilder data = new StringBuilder();
            for (Iterator<String> it = lines.iterator(); it.hasNext(); ) {
                String line = it.next();
                if (line.startsWith("data:")) {
                    data.append(line.substring(line.startsWith("data: ") ? 6 : 5));
                } else if (line.isEmpty() && data.length() > 0) {
                    JsonNode event = json.readTree(data.toString());
                    data.setLength(0);
                    if (event.has("method") && event.has("id")) {
                        JsonNode answer = answers.apply(event);
                        if (answer != null) {
                            post((ObjectNode) answer, revision).body().close();
                        }
                    } else if (event.has("method")) {
                        notifications.accept(event);
                    } else {
                        return new Response(event, status, challenge, "");
                    }
                }
            }
        }
        throw new IllegalStateException("The event stream ended without a response");
    }

    /** The body as a JSON-RPC response (a result, or an error object), or {@code null} when it is none. */
    private JsonNode jsonRpcResponse(String body) {
        JsonNode node;
        try {
            node = json.readTree(body);
        } catch (JacksonException e) {
            return null;
        }
        return node != null && (node.has("result") || node.path("error").isObject()) ? node : null;
    }

    @Override
    public void notify(ObjectNode message, Revision revision) {
        post(message, revision).body().close();
    }

    @Override
    public void bearerToken(Supplier<String> token) {
        this.token = token;
    }

    private HttpResponse<Stream<String>> post(ObjectNode message, Revision revision) {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(message)));
        Map<String, String> all = new LinkedHashMap<>(headers);
        authorization().ifPresent(value -> all.put("Authorization", value));
        if (revision == Revision.V2026_07_28) {
            all.put("MCP-Protocol-Version", revision.id());
            if (message.has("method")) {
                all.put("Mcp-Method", message.get("method").asString());
                String name = mirroredName(message);
                if (name != null) {
                    all.put("Mcp-Name", headerValue(name));
                }
            }
        } else if (session != null) {
            all.put("Mcp-Session-Id", session);
            all.put("MCP-Protocol-Version", revision.id());
        }
        all.forEach(request::header);
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofLines());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted", e);
        }
    }

    /** The token's {@code Authorization} value, read now, when a token is set and gives one. */
    private Optional<String> authorization() {
        return Optional.ofNullable(token.get()).map(value -> "Bearer " + value);
    }

    /**
     * The body value the {@code Mcp-Name} header mirrors: a tool's or prompt's name, a resource's URI, and (the
     * Tasks extension) a task's id, by which a balancer routes the task's traffic.
     */
    private static String mirroredName(ObjectNode message) {
        JsonNode params = message.path("params");
        return switch (message.get("method").asString()) {
            case "tools/call", "prompts/get" -> params.path("name").asString(null);
            case "resources/read" -> params.path("uri").asString(null);
            case "tasks/get", "tasks/update", "tasks/cancel" -> params.path("taskId").asString(null);
            default -> null;
        };
    }

    /** Visible ASCII as it is; anything else in the Base64 form the header allows. */
    private static String headerValue(String value) {
        if (value.chars().allMatch(c -> c >= 0x21 && c <= 0x7e)) {
            return value;
        }
        return "=?base64?" + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)) + "?=";
    }

    @Override
    public void close() {
        if (session != null) {
            try {
                HttpRequest.Builder delete = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(10)).DELETE()
                        .header("Mcp-Session-Id", session);
                authorization().ifPresent(value -> delete.header("Authorization", value));
                http.send(delete.build(), HttpResponse.BodyHandlers.discarding());
            } catch (IOException | InterruptedException e) {
                // the session ends with the server anyway
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
