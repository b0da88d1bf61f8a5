package io.beammcp.core.server;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a stream into lines of at most {@code cap} bytes (a trailing CR not counted), skipping blank
 * lines. A longer line is reported as oversized and skipped to its newline without being kept.
 */
final class LineReader {

    private final InputStream in;
    private final long cap;
    private byte[] buffer = new byte[8192];

    LineReader(InputStream in, long cap) {
        this.in = in;
        this.cap = cap;
    }

    /** The next non-blank line, or {@code null} at end of input. */
    Line next() throws IOException {
        while (true) {
            int length = 0;
            boolean oversized = false;
            boolean sawAny = false;
            int b;
            while ((b = in.read()) != -1 && b != '\n') {
                sawAny = true;
                if (oversized) {
                    continue;
                }
                if (length > cap) {
                    oversized = true;
                    continue;
                }
                if (length == buffer.length) {
                    buffer = Arrays.copyOf(buffer, (int) Math.min((long) buffer.length * 2, cap + 1));
                }
                buffer[length++] = (byte) b;
            }
            if (b == -1 && !sawAny) {
                return null;
            }
            if (!oversized && length > 0 && buffer[length - 1] == '\r') {
                length--;
            }
            if (oversized || length > cap) {
                return new Line(null, true);
            }
            if (!isBlank(length)) {
                return new Line(Arrays.copyOf(buffer, length), false);
            }
            if (b == -1) {
                return null;
            }
        }
    }

    private boolean isBlank(int length) {
        for (int i = 0; i < length; i++) {
            byte c = buffer[i];
            if (c != ' ' && c != '\t' && c != '\r') {
                return false;
            }
        }
        return true;
    }

    record Line(byte[] bytes, boolean oversized) {
    }
}
