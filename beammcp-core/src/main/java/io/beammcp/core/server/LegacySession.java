package io.beammcp.core.server;

import io.beammcp.core.Revision;

import java.util.Map;

/**
 * The state of one legacy (2025-11-25) client: what {@code initialize} negotiated. A stdio process holds
 * one from its start (not yet open); on HTTP, {@code initialize} opens a new one and a session store keeps
 * it under its {@code Mcp-Session-Id}.
 */
public final class LegacySession {

    private volatile Opened opened;
    private volatile boolean initialized;

    /**
     * A session not yet opened by {@code initialize}.
     */
    public LegacySession() {
    }

    /**
     * Whether {@code initialize} has been answered for this session.
     *
     * @return {@code true} once open
     */
    public boolean isOpen() {
        return opened != null;
    }

    /**
     * Whether the client sent {@code notifications/initialized}.
     *
     * @return {@code true} once the client confirmed the handshake
     */
    public boolean isInitialized() {
        return initialized;
    }

    /**
     * The negotiated protocol revision.
     *
     * @return the revision, or {@code null} before {@code initialize}
     */
    public Revision revision() {
        Opened o = opened;
        return o == null ? null : o.revision;
    }

    Map<String, Object> clientCapabilities() {
        return opened.clientCapabilities;
    }

    Map<String, Object> clientInfo() {
        return opened.clientInfo;
    }

    synchronized boolean open(Revision revision, Map<String, Object> clientCapabilities,
            Map<String, Object> clientInfo) {
        if (opened != null) {
            return false;
        }
        opened = new Opened(revision, clientCapabilities, clientInfo);
        return true;
    }

    void markInitialized() {
        initialized = true;
    }

    private record Opened(Revision revision, Map<String, Object> clientCapabilities,
            Map<String, Object> clientInfo) {
    }
}
