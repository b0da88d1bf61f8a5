package io.beammcp.test;

import io.beammcp.core.Revision;
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
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Streamable HTTP: each message a {@code POST}; 2026-07-28 requests carry the headers that mirror the body,
 * 2025-11-25 ones the session the {@code initialize} opened. A response is JSON or an event stream whose
 * notifications and server requests come before the response.
 */
final class HttpTransport implements Transport {

    private final URI endpoint;
    private final JsonMapper json;
    private final Map<String, String> headers;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private volatile String session;

    HttpTransport(URI endpoint, JsonMapper json, Map<String, String> headers) {
        this.endpoint = endpoint;
        this.json = json;
        this.headers = headers;
    }

    @Override
    public JsonNode request(ObjectNode message, Revision revision, Map<String, String> extra,
            Consumer<JsonNode> notifications, Function<JsonNode, JsonNode> answers) {
        HttpResponse<Stream<String>> response = post(message, revision, extra);
        session = response.headers().firstValue("Mcp-Session-Id").orElse(session);
        String type = response.headers().firstValue("Content-Type").orElse("");
        try (Stream<String> lines = response.body()) {
            if (!type.startsWith("text/event-stream")) {
                String body = String.join("\n", (Iterable<String>) lines::iterator);
                if (body.isBlank()) {
                    throw new IllegalStateException("HTTP " + response.statusCode() + " without a body");
                }
                return json.readTree(body);
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
                            post((ObjectNode) answer, revision, Map.of());
                        }
                    } else if (event.has("method")) {
                        notifications.accept(event);
                    } else {
                        return event;
                    }
                }
            }
        }
        throw new IllegalStateException("The event stream ended without a response");
    }

    @Override
    public void notify(ObjectNode message, Revision revision) {
        post(message, revision, Map.of()).body().close();
    }

    private HttpResponse<Stream<String>> post(ObjectNode message, Revision revision, Map<String, String> extra) {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(message)));
        Map<String, String> all = new LinkedHashMap<>(headers);
        all.putAll(extra);
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

    /** The body value the {@code Mcp-Name} header mirrors: a tool's or prompt's name, a resource's URI. */
    private static String mirroredName(ObjectNode message) {
        JsonNode params = message.path("params");
        return switch (message.get("method").asString()) {
            case "tools/call", "prompts/get" -> params.path("name").asString(null);
            case "resources/read" -> params.path("uri").asString(null);
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
                http.send(HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(10)).DELETE()
                        .header("Mcp-Session-Id", session).build(), HttpResponse.BodyHandlers.discarding());
            } catch (IOException | InterruptedException e) {
                // the session ends with the server anyway
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
