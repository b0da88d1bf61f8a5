package io.beammcp.autoconfigure.http;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

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
 * will not do: repeated or forged headers, a Host of our choosing, a declared length never sent, a
 * chunked or drip-fed body, several requests on one connection. Every read is bounded by a socket timeout.
 */
public final class RawHttp implements Closeable {

    public static final JsonMapper JSON = JsonMapper.builder().build();

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final int port;

    public RawHttp(int port) throws IOException {
        this.port = port;
        this.socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setSoTimeout(10_000);
        socket.setTcpNoDelay(true);
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
    }

    public int port() {
        return port;
    }

    /** A complete POST of {@code body} with {@code Host: 127.0.0.1:port}, the JSON media types and the given header lines. */
    public void post(String body, String... headerLines) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n"
                + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                + "Content-Length: " + bytes.length + "\r\n");
        for (String line : headerLines) {
            head.append(line).append("\r\n");
        }
        head.append("\r\n");
        send(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        send(bytes);
    }

    public void send(String text) throws IOException {
        send(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    public void send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Reads one response: status line, headers, and the body its framing delimits. */
    public Response read() throws IOException {
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
        int code = Integer.parseInt(status.split(" ")[1]);
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

    /** One response as received. */
    public record Response(int status, Map<String, List<String>> headers, byte[] body) {

        public String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null ? null : String.join(", ", values);
        }

        public boolean closes() {
            String connection = header("Connection");
            return connection != null && connection.toLowerCase(Locale.ROOT).contains("close");
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public JsonNode json() {
            return JSON.readTree(body);
        }
    }
}
