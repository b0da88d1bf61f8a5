package io.beammcp.core.internal.stdio;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a stream into lines of at most {@code cap} bytes (a trailing CR not counted), skipping blank
 * lines. A longer line is reported as oversized and skipped to its newline without being kept. Reads the
 * stream in blocks of up to 64 KiB and never waits for more input while a whole line is buffered.
 */
public final class LineReader {

    private final InputStream in;
    private final long cap;
    private final byte[] block = new byte[64 * 1024];
    private int position;
    private int limit;
    private boolean ended;
    /** The part of the current line read so far, when it spans blocks. */
    private byte[] line = new byte[8192];

    public LineReader(InputStream in, long cap) {
        this.in = in;
        this.cap = cap;
    }

    /** The next non-blank line, or {@code null} at end of input. */
    public Line next() throws IOException {
        while (true) {
            // at most cap + 1 bytes are kept: a line of cap bytes plus its CR
            long keep = cap + 1;
            int length = 0;
            boolean oversized = false;
            boolean sawAny = false;
            boolean newline = false;
            byte[] bytes = null;
            while (!newline) {
                if (position == limit && !fill()) {
                    break;
                }
                int start = position;
                int end = start;
                while (end < limit && block[end] != '\n') {
                    end++;
                }
                newline = end < limit;
                position = newline ? end + 1 : end;
                int n = end - start;
                if (n == 0) {
                    continue;
                }
                sawAny = true;
                if (oversized) {
                    continue;
                }
                if (length + (long) n > keep) {
                    oversized = true;
                    continue;
                }
                if (newline && length == 0) {
                    // the whole line is in the block: one copy
                    bytes = Arrays.copyOfRange(block, start, end);
                    length = n;
                } else {
                    if (length + n > line.length) {
                        line = Arrays.copyOf(line, (int) Math.min(keep, Math.max((long) line.length * 2, length + n)));
                    }
                    System.arraycopy(block, start, line, length, n);
                    length += n;
                }
            }
            if (!newline && !sawAny) {
                return null;
            }
            if (oversized) {
                return new Line(null, true);
            }
            byte[] source = bytes != null ? bytes : line;
            int size = length;
            if (size > 0 && source[size - 1] == '\r') {
                size--;
            }
            if (size > cap) {
                return new Line(null, true);
            }
            if (!isBlank(source, size)) {
                if (bytes != null && size == bytes.length) {
                    return new Line(bytes, false);
                }
                return new Line(Arrays.copyOf(source, size), false);
            }
            if (!newline) {
                return null;
            }
        }
    }

    /** Reads the next block; {@code false} at end of input. */
    private boolean fill() throws IOException {
        if (ended) {
            return false;
        }
        int n;
        do {
            n = in.read(block, 0, block.length);
        } while (n == 0);
        if (n < 0) {
            ended = true;
            return false;
        }
        position = 0;
        limit = n;
        return true;
    }

    private static boolean isBlank(byte[] bytes, int length) {
        for (int i = 0; i < length; i++) {
            byte c = bytes[i];
            if (c != ' ' && c != '\t' && c != '\r') {
                return false;
            }
        }
        return true;
    }

    public record Line(byte[] bytes, boolean oversized) {
    }
}
