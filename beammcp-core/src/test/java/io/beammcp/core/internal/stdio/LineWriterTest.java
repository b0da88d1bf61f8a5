package io.beammcp.core.internal.stdio;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class LineWriterTest {

    /** Keeps what each flush made visible; the first write blocks until released. */
    private static final class Output extends OutputStream {

        final CountDownLatch inFirstWrite = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final List<String> flushes = new ArrayList<>();
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
        private boolean first = true;

        @Override
        public void write(int b) {
            pending.write(b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            if (first) {
                first = false;
                inFirstWrite.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    throw new IOException(e);
                }
            }
            pending.write(bytes, offset, length);
        }

        @Override
        public void flush() {
            flushes.add(pending.toString(StandardCharsets.UTF_8));
            pending.reset();
        }
    }

    @Test
    void aLoneLineIsFlushedAtOnce() {
        Output out = new Output();
        out.release.countDown();
        LineWriter writer = new LineWriter(out);
        assertThat(writer.write("{\"a\":1}".getBytes(StandardCharsets.UTF_8))).isTrue();
        assertThat(out.flushes).containsExactly("{\"a\":1}\n");
    }

    @Test
    void linesWaitingForTheWriterShareOneFlushAfterTheLast() throws Exception {
        Output out = new Output();
        LineWriter writer = new LineWriter(out);
        Thread first = new Thread(() -> writer.write("1".getBytes(StandardCharsets.UTF_8)));
        first.start();
        assertThat(out.inFirstWrite.await(10, TimeUnit.SECONDS)).isTrue();
        Thread second = new Thread(() -> writer.write("2".getBytes(StandardCharsets.UTF_8)));
        second.start();
        while (second.getState() != Thread.State.BLOCKED) {
            Thread.sleep(1);
        }
        out.release.countDown();
        first.join();
        second.join();
        assertThat(out.flushes).containsExactly("1\n2\n");
    }

    @Test
    void aFailedWriteDropsEveryLaterLine() {
        OutputStream closed = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("closed");
            }
        };
        LineWriter writer = new LineWriter(closed);
        assertThat(writer.write("1".getBytes(StandardCharsets.UTF_8))).isFalse();
        assertThat(writer.write("2".getBytes(StandardCharsets.UTF_8))).isFalse();
    }
}
