package io.beammcp.core.spi;

import java.util.function.Consumer;

/**
 * How a server reaches the other instances of one cluster, for what must be heard everywhere: a list change,
 * a resource update, an extension's message to its peers (task changes). Events are the core's own bytes; an
 * engine (a module such as {@code beammcp-cluster-jdbc}) only carries them, to every other instance and never
 * back to the one that published them. Delivery is best effort: what an instance must not miss (sessions,
 * tasks) is also kept in a store.
 */
public interface McpClusterLink {

    /**
     * Called once, when the server is built: from then on, each event another instance published is handed to
     * {@code receiver}, on any thread, one at a time.
     *
     * @param receiver the server's side of the link
     */
    void start(Consumer<byte[]> receiver);

    /**
     * Sends one event of this server to every other instance. Never blocks for long and never throws: an event
     * the engine cannot send is logged and dropped.
     *
     * @param event the event, as the core wrote it
     */
    void publish(byte[] event);
}
