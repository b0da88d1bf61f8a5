package io.beammcp.testsupport;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The slow-body attack on answers given before the body is read: many connections, each sending a request
 * head that declares a body, reading the answer, then dripping the body one byte at a time. A server that
 * drains such a body before closing holds one of its threads per connection for as long as the drip lasts.
 */
public final class SlowBodies implements Closeable {

    private final List<RawHttp> connections = new ArrayList<>();
    private final List<RawHttp.Response> answers = new ArrayList<>();

    private SlowBodies() {
    }

    /**
     * Opens {@code count} connections to 127.0.0.1, sends {@code head.apply(i)} (a whole request head whose
     * body is never sent) on the i-th, then reads every answer.
     */
    public static SlowBodies attack(int port, int count, IntFunction<String> head) throws IOException {
        SlowBodies attack = new SlowBodies();
        try {
            for (int i = 0; i < count; i++) {
                RawHttp connection = new RawHttp(port);
                attack.connections.add(connection);
                connection.send(head.apply(i));
            }
            for (RawHttp connection : attack.connections) {
                attack.answers.add(connection.read());
            }
        } catch (IOException | RuntimeException e) {
            attack.close();
            throw e;
        }
        return attack;
    }

    /** The answers, in the order of the connections. */
    public List<RawHttp.Response> answers() {
        return answers;
    }

    /** Sends one more byte of each body, on a thread of its own, every {@code periodMillis}, until closed. */
    public Thread drip(long periodMillis) {
        Thread dripper = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                for (RawHttp connection : connections) {
                    try {
                        connection.send(" ");
                    } catch (IOException e) {
                        // closed by the server: nothing more to send there
                    }
                }
                try {
                    Thread.sleep(periodMillis);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "slow-bodies");
        dripper.setDaemon(true);
        dripper.start();
        return dripper;
    }

    /** How many of the connections the server has closed, each given {@code timeoutMillis} to show it. */
    public long closedByServer(int timeoutMillis) throws IOException {
        long closed = 0;
        for (RawHttp connection : connections) {
            if (connection.closedByServer(timeoutMillis)) {
                closed++;
            }
        }
        return closed;
    }

    @Override
    public void close() throws IOException {
        for (RawHttp connection : connections) {
            connection.close();
        }
    }
}
