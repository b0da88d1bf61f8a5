package io.beammcp.cluster.jdbc;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Instances joined in memory, as the PostgreSQL link joins them, but at once and in order: what one sends, every
 * other gets before {@code send} returns, unless the network is {@linkplain #down down} (messages are lost, as
 * in an outage of the link).
 */
final class MemoryPeers implements Peers {

    /** The instances of one test. */
    static final class Network {

        final List<MemoryPeers> members = new CopyOnWriteArrayList<>();
        volatile boolean down;

        MemoryPeers join() {
            MemoryPeers peers = new MemoryPeers(this);
            members.add(peers);
            return peers;
        }

        /** The network is back: each instance's reconnect actions run. */
        void up() {
            down = false;
            members.forEach(member -> member.reconnected.forEach(Runnable::run));
        }
    }

    private final Network network;
    private final Map<String, Consumer<byte[]>> handlers = new ConcurrentHashMap<>();
    private final List<Runnable> reconnected = new CopyOnWriteArrayList<>();

    private MemoryPeers(Network network) {
        this.network = network;
    }

    @Override
    public void send(String kind, byte[] payload) {
        if (network.down) {
            return;
        }
        for (MemoryPeers member : network.members) {
            Consumer<byte[]> handler = member.handlers.get(kind);
            if (member != this && handler != null) {
                handler.accept(payload);
            }
        }
    }

    @Override
    public void on(String kind, Consumer<byte[]> handler) {
        handlers.put(kind, handler);
    }

    @Override
    public void onReconnect(Runnable action) {
        reconnected.add(action);
    }
}
