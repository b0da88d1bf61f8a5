package io.beammcp.core;

import java.util.Map;

/**
 * Facts about one request, handed to host code.
 */
public interface CallContext {

    /**
     * The protocol revision the request is served under.
     *
     * @return the revision in force
     */
    Revision revision();

    /**
     * The request id, exactly as sent: a {@code String} or an integral {@code Number}.
     *
     * @return the JSON-RPC id
     */
    Object requestId();

    /**
     * The client's self-description ({@code name}, {@code version}, ...), as sent; empty when the
     * client sent none (it is optional in 2026-07-28).
     *
     * @return the client info, immutable
     */
    Map<String, Object> clientInfo();

    /**
     * The capabilities the client declared: in 2026-07-28 those of this request, in 2025-11-25 those of
     * the session's {@code initialize}.
     *
     * @return the client capabilities, immutable
     */
    Map<String, Object> clientCapabilities();

    /**
     * The tool being called, for {@code tools/call}.
     *
     * @return the tool's spec, including host labels such as {@link ToolSpec#commandClass()}, or
     *         {@code null} outside a tool call
     */
    ToolSpec tool();
}
