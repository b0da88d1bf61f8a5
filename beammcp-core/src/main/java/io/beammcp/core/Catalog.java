package io.beammcp.core;

import java.util.List;

/**
 * What a host offers to MCP clients.
 *
 * <p>The server reads the catalog once, at construction, and compiles it into an immutable index:
 * every schema is checked and compiled then, so a server that starts cannot fail at call time for
 * structural reasons. Each list is required: returning {@code null} is a malformed catalog and is
 * refused at startup; an empty list is fine. Resources and prompts join this interface as further
 * lists with the same rule.
 */
public interface Catalog {

    /**
     * The tools the host offers, in any order; the server advertises them sorted by name.
     *
     * @return the tools, never {@code null}
     */
    List<ToolSpec> tools();

    /**
     * A catalog of the given tools.
     *
     * @param tools the tools
     * @return an immutable catalog
     */
    static Catalog of(List<ToolSpec> tools) {
        List<ToolSpec> copy = List.copyOf(tools);
        return () -> copy;
    }
}
