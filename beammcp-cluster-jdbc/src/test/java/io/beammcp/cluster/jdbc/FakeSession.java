package io.beammcp.cluster.jdbc;

import io.beammcp.core.Revision;
import io.beammcp.core.spi.LegacySession;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A session as the store sees it: its owner and state text, what it was handed, and whether it was closed. */
final class FakeSession implements LegacySession {

    private final String owner;
    private volatile String state;
    private volatile Keeper keeper;
    final List<String> received = new CopyOnWriteArrayList<>();
    final List<String> restored = new CopyOnWriteArrayList<>();
    volatile int closed;

    FakeSession(String owner, String state) {
        this.owner = owner;
        this.state = state;
    }

    /** A session as another instance restores it from a row. */
    static FakeSession restoredFrom(String owner, String state) {
        FakeSession session = new FakeSession(owner, null);
        session.restore(state);
        return session;
    }

    /** Changes the state as the core does: then tells the keeper, before the request is answered. */
    void change(String newState) {
        state = newState;
        keeper.changed(this);
    }

    /** Asks the keeper to carry a client's message to the instance that waits for it. */
    void relay(String message) {
        keeper.relay(this, message.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public boolean isInitialized() {
        return true;
    }

    @Override
    public Revision revision() {
        return Revision.V2025_11_25;
    }

    @Override
    public String owner() {
        return owner;
    }

    @Override
    public void close() {
        closed++;
    }

    @Override
    public String state() {
        return state;
    }

    @Override
    public void restore(String newState) {
        state = newState;
        restored.add(newState);
    }

    @Override
    public void keep(Keeper newKeeper) {
        keeper = newKeeper;
    }

    @Override
    public boolean receive(byte[] message) {
        received.add(new String(message, StandardCharsets.UTF_8));
        return true;
    }
}
