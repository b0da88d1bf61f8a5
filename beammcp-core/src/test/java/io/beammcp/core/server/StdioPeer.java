package io.beammcp.core.server;

import tools.jackson.databind.JsonNode;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** A stdio client on pipes: runs the transport on its own thread, writes lines to it and reads its lines. */
final class StdioPeer implements AutoCloseable {

    final PipedOutputStream client = new PipedOutputStream();
    final BufferedReader reader;
    private final Thread loop;

    StdioPeer(McpServer server) throws Exception {
        PipedInputStream serverIn = new PipedInputStream(client, 1 << 16);
        // a loopback socket, as stdout is a file: neither a PipedInputStream, which fails a read once the thread
        // that wrote last has ended, nor a channel's stream, which an interrupt of the writing thread (a
        // cancelled call's, writing its progress) closes
        Socket toServer;
        Socket toClient;
        try (ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            toServer = new Socket(InetAddress.getLoopbackAddress(), listening.getLocalPort());
            toClient = listening.accept();
        }
        OutputStream serverOut = toClient.getOutputStream();
        reader = new BufferedReader(new InputStreamReader(toServer.getInputStream(), StandardCharsets.UTF_8));
        loop = new Thread(() -> {
            try {
                new StdioTransport(server).serve(serverIn, serverOut);
                toClient.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        loop.start();
    }

    void send(String line) throws Exception {
        client.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        client.flush();
    }

    JsonNode next() throws Exception {
        String line = reader.readLine();
        assertThat(line).as("a line from the server").isNotNull();
        return Wire.JSON.readTree(line);
    }

    /** Ends the input and waits for the loop to return. */
    @Override
    public void close() throws Exception {
        client.close();
        loop.join(10_000);
        assertThat(loop.isAlive()).isFalse();
    }
}
