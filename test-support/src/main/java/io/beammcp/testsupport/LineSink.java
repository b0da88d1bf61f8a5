package io.beammcp.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/** An output stream (a stdio transport's stdout) that hands each whole line, without its newline, on. */
public final class LineSink extends OutputStream {

    private final Consumer<String> lines;
    private final ByteArrayOutputStream current = new ByteArrayOutputStream();

    public LineSink(Consumer<String> lines) {
        this.lines = lines;
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            lines.accept(current.toString(StandardCharsets.UTF_8));
            current.reset();
        } else {
            current.write(b);
        }
    }

    /** Writes {@code len} bytes at once: another writer's bytes never fall inside them. */
    @Override
    public synchronized void write(byte[] bytes, int off, int len) {
        for (int i = off; i < off + len; i++) {
            write(bytes[i]);
        }
    }
}
