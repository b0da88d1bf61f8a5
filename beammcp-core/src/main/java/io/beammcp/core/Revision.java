package io.beammcp.core;

/**
 * The MCP protocol revisions this server speaks.
 */
public enum Revision {

    /** The stateful revision: {@code initialize} handshake, then a session. */
    V2025_11_25("2025-11-25"),

    /** The stateless revision: version and capabilities in the {@code _meta} of every request. */
    V2026_07_28("2026-07-28");

    private final String id;

    Revision(String id) {
        this.id = id;
    }

    /**
     * The revision's identifier on the wire.
     *
     * @return for example {@code "2026-07-28"}
     */
    public String id() {
        return id;
    }
}
