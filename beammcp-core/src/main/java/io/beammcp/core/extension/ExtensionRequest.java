package io.beammcp.core.extension;

import io.beammcp.core.CallContext;
import io.beammcp.core.spi.McpAccessPolicy;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.SortedMap;
import java.util.function.Predicate;

/** One request as an extension's method or wrapper sees it. */
public interface ExtensionRequest {

    /**
     * The method as sent.
     *
     * @return for example {@code skills/list}
     */
    String method();

    /**
     * The params as sent, {@code _meta} included.
     *
     * @return the params, an empty object when the request has none
     */
    ObjectNode params();

    /**
     * The request as host code sees it: revision, client info and capabilities, principal, and the tool of a
     * {@code tools/call}.
     *
     * @return the context
     */
    CallContext context();

    /**
     * Whether the client declared the extension for this request: in 2026-07-28 in the request's
     * {@code _meta} capabilities, in 2025-11-25 in the session's {@code initialize}.
     *
     * @return {@code true} when declared
     */
    boolean declared();

    /**
     * The caller that state is bound to, as the server names it for sessions, input rounds and tasks.
     *
     * @return the caller's name, or {@code ""} when the transport knows no principal
     */
    String caller();

    /**
     * Whether the access policy lets the caller see an entry; a policy that throws hides it.
     *
     * @param kind the kind of entry
     * @param name its name
     * @return {@code true} when visible (always, without a policy)
     */
    boolean sees(McpAccessPolicy.Kind kind, String name);

    /**
     * A page of a list, with the server's page size and keyset cursors (a {@code cursor} of another list or a
     * malformed one is {@code -32602}): {@code {"<list>": [...], "nextCursor"?}}, holding the items after the
     * request's {@code cursor} that are visible, each whole.
     *
     * @param list the list's member in the result, which also names its cursors, such as {@code skills}
     * @param items the items by key, in key order
     * @param visible whether the caller sees the item of a key
     * @return the page
     */
    ObjectNode page(String list, SortedMap<String, ? extends JsonNode> items, Predicate<String> visible);

    /**
     * Joins a wrapped call's context to the extension (see {@link CallBinding}); only a {@link CallWrapper}
     * binds, before the work runs.
     *
     * @param binding what the extension adds to the call
     * @throws IllegalStateException outside a wrapper
     */
    void bind(CallBinding binding);
}
