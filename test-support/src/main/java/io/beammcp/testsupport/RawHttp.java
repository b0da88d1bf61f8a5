package io.beammcp.testsupport;

import tools.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 written and read byte by byte over one plain socket to 127.0.0.1, for what a library client
 * will not send: repeated, forged or non-ASCII headers, any Host, declared lengths never sent, chunked or
 * drip-fed bodies, several requests on one keep-alive connection. Every read is bounded by a socket timeout.
 */
public final class RawHttp implements Closeable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final int port;

    /** A connection whose reads wait at most 10 s. */
    public RawHttp(int port) throws IOException {
        this(port, 10_000);
    }

    public RawHttp(int port, int readTimeoutMillis) throws IOException {
        this.port = port;
        this.socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setSoTimeout(readTimeoutMillis);
        socket.setTcpNoDelay(true);
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
    }

    public int port() {
        return port;
    }

    /**
     * The head of a POST to /mcp with {@code Host: 127.0.0.1:port}, the JSON media types, the
     * {@code Content-Length} unless it is negative, and the given lines.
     */
    public String head(long contentLength, String... headerLines) {
        StringBuilder head = new StringBuilder("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n"
                + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n");
        if (contentLength >= 0) {
            head.append("Content-Length: ").append(contentLength).append("\r\n");
        }
        for (String line : headerLines) {
            head.append(line).append("\r\n");
        }
        return head.append("\r\n").toString();
    }

    /**
     * Sends a request head and nothing more: the request line of {@code method} on /mcp, {@code Host:
     * 127.0.0.1:port}, exactly the given lines, and the empty line.
     */
    public void sendHead(String method, String... headerLines) throws IOException {
        StringBuilder head = new StringBuilder(method + " /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n");
        for (String line : headerLines) {
            head.append(line).append("\r\n");
        }
        send(head.append("\r\n").toString());
    }

    /** A complete POST of {@code body} (UTF-8) with the head of {@link #head}. */
    public void post(String body, String... headerLines) throws IOException {
        post(body.getBytes(StandardCharsets.UTF_8), headerLines);
    }

    public void post(byte[] body, String... headerLines) throws IOException {
        send(head(body.length, headerLines).getBytes(StandardCharsets.ISO_8859_1));
        send(body);
    }

    /** Sends {@code text} as ISO-8859-1, one byte a character, as a header block is. */
    public void send(String text) throws IOException {
        send(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    public void send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Reads one response: status line, headers, and the body its framing delimits. */
    public Response read() throws IOException {
        Response head = readHead();
        int code = head.status();
        Map<String, List<String>> headers = head.headers();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        List<String> length = headers.get("content-length");
        List<String> encoding = headers.get("transfer-encoding");
        if (length != null) {
            body.write(in.readNBytes(Integer.parseInt(length.get(0))));
        } else if (encoding != null && encoding.get(0).equalsIgnoreCase("chunked")) {
            for (int size = Integer.parseInt(line().trim(), 16); size > 0; size = Integer.parseInt(line().trim(), 16)) {
                body.write(in.readNBytes(size));
                line();
            }
            line();
        } else if (code != 204 && code != 304 && code >= 200 && headers.containsKey("connection")) {
            body.write(in.readAllBytes());
        }
        return new Response(code, headers, body.toByteArray());
    }

    /** Reads only the status line and headers (for a response that stays open, such as an event stream). */
    public Response readHead() throws IOException {
        String status = line();
        if (status == null) {
            throw new IOException("The server closed the connection before answering");
        }
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String line = line(); line != null && !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            headers.computeIfAbsent(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(line.substring(colon + 1).trim());
        }
        String[] parts = status.split(" ");
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("Malformed status line: " + status);
        }
        return new Response(Integer.parseInt(parts[1]), headers, new byte[0]);
    }

    /** Whether the server closed the connection: end of stream (or a reset) before {@code timeoutMillis}. */
    public boolean closedByServer(int timeoutMillis) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        try {
            return in.read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                String text = line.toString(StandardCharsets.ISO_8859_1);
                return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** One response as received; header names in lower case. */
    public record Response(int status, Map<String, List<String>> headers, byte[] body) {

        /** The values of a header joined with {@code ", "}, or {@code null} when absent. */
        public String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null ? null : String.join(", ", values);
        }

        /** Whether the response says it closes the connection. */
        public boolean closes() {
            String connection = header("Connection");
            return connection != null && connection.toLowerCase(Locale.ROOT).contains("close");
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public JsonNode json() {
            return Messages.JSON.readTree(body);
        }
    }
}
