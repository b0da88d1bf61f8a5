package io.beammcp.testsupport;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Requests to a live endpoint through the JDK's HTTP/1.1 client (5 s to connect, 10 s a request), with the
 * JSON media types; headers given as name/value pairs. {@link RawHttp} sends what this client will not.
 */
public final class LiveHttp {

    public static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private LiveHttp() {
    }

    /** POSTs {@code body} with the JSON media types and the given header name/value pairs. */
    public static HttpResponse<String> post(URI endpoint, String body, String... headerPairs)
            throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(endpoint).POST(HttpRequest.BodyPublishers.ofString(body)), headerPairs);
    }

    /** Sends {@code request} with the JSON media types and the given header name/value pairs. */
    public static HttpResponse<String> send(HttpRequest.Builder request, String... headerPairs)
            throws IOException, InterruptedException {
        request.timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream");
        for (int i = 0; i < headerPairs.length; i += 2) {
            request.header(headerPairs[i], headerPairs[i + 1]);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The 2026-07-28 headers for a method as name/value pairs, plus {@code Mcp-Name} when {@code name} is not null. */
    public static String[] modernHeaders(String method, String name) {
        List<String> headers = new ArrayList<>(List.of("MCP-Protocol-Version", Messages.MODERN, "Mcp-Method", method));
        if (name != null) {
            headers.addAll(List.of("Mcp-Name", name));
        }
        return headers.toArray(String[]::new);
    }

    /** The same as header lines, for {@link RawHttp}. */
    public static String[] modernHeaderLines(String method, String name) {
        String[] pairs = modernHeaders(method, name);
        String[] lines = new String[pairs.length / 2];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = pairs[2 * i] + ": " + pairs[2 * i + 1];
        }
        return lines;
    }

    /** {@code headers} followed by {@code more}. */
    public static String[] with(String[] headers, String... more) {
        String[] all = Arrays.copyOf(headers, headers.length + more.length);
        System.arraycopy(more, 0, all, headers.length, more.length);
        return all;
    }
}
