package io.beammcp.core.server;

/**
 * The transport a message arrived on. The core applies the rules the specification ties to one
 * transport (HTTP headers, stdio's {@code shutdown}) only there.
 */
public enum Transport {

    /** Newline-delimited JSON-RPC over standard input and output. */
    STDIO,

    /** Streamable HTTP. */
    HTTP
}
