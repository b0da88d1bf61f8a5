package io.beammcp.core.internal.stdio;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Writes whole lines, one thread at a time, in the order they were handed over, and flushes when no other
 * line is waiting to be written: a burst of answers costs one flush, a lone answer is flushed at once. Once
 * writing fails (the client closed its input) every later line is dropped.
 */
public final class LineWriter {

    private static final Logger log = LoggerFactory.getLogger(LineWriter.class);

    private final OutputStream out;
    private final AtomicInteger waiting = new AtomicInteger();
    private volatile boolean broken;

    public LineWriter(OutputStream out) {
        this.out = out;
    }

    /**
     * Writes one line and its newline.
     *
     * @return {@code false} when the output is gone, so the line was dropped
     */
    public boolean write(byte[] line) {
        waiting.incrementAndGet();
        synchronized (this) {
            boolean written = false;
            try {
                if (!broken) {
                    out.write(line);
                    out.write('\n');
                    written = true;
                }
            } catch (IOException e) {
                fail(e);
            }
            // a line that arrived meanwhile is flushed with this one, by its own writer
            if (waiting.decrementAndGet() == 0 && written) {
                try {
                    out.flush();
                } catch (IOException e) {
                    fail(e);
                }
            }
            return written && !broken;
        }
    }

    private void fail(IOException e) {
        broken = true;
        log.debug("Writing to stdout failed; later messages are dropped: {}", e.toString());
    }

    /** Flushes what is written, as at the end. */
    public synchronized void flush() {
        if (!broken) {
            try {
                out.flush();
            } catch (IOException e) {
                broken = true;
            }
        }
    }
}
