package io.beammcp.cluster.jdbc;

import java.util.function.Consumer;

/**
 * What the session store needs of the other instances: messages of a kind sent to every other instance, and
 * word when the link came back after missing messages. {@link PostgresClusterLink} carries them; tests may
 * join stores in memory.
 */
interface Peers {

    /** Sends a message of that kind to every other instance; never blocks for long and never throws. */
    void send(String kind, byte[] payload);

    /** Hands each message of that kind another instance sent to {@code handler}, one at a time. */
    void on(String kind, Consumer<byte[]> handler);

    /** Runs {@code action} each time the link is back after an outage, in which messages may have been missed. */
    void onReconnect(Runnable action);
}
