package io.beammcp.core.extension;

import io.beammcp.core.Binding;
import io.beammcp.core.Revision;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;

/**
 * An extension of the protocol (SEP-2133): what the server advertises for it, how a request negotiates it,
 * the methods it adds, what it offers as the host's own, the built-in method it wraps and what listen streams
 * may follow. Its methods are in
 * the method table of each revision it is served in and nowhere else, so in another revision, or on a server
 * without it, they are unknown ({@code -32601}). Its methods get the call context, access policy, observation,
 * result cap and list cursors the built-in methods get. A second extension of the same identifier, or a
 * method two extensions add (or one the server has), or a listen filter member two read, fails the server's
 * build naming both.
 */
public interface McpExtension {

    /**
     * The identifier: a prefix of dot-separated labels, a slash and a name, such as
     * {@code io.modelcontextprotocol/skills}.
     *
     * @return the key of its settings under {@code capabilities.extensions}
     */
    String id();

    /**
     * The settings object advertised under {@code capabilities.extensions["<id>"]}: in {@code server/discover}
     * for 2026-07-28, in the {@code initialize} result for 2025-11-25.
     *
     * @param revision the revision
     * @return the settings as plain Java values (an empty map for none), or {@code null} when the extension is
     *         not served in that revision
     */
    Map<String, Object> settings(Revision revision);

    /**
     * How a request negotiates the extension.
     *
     * @return {@link Negotiation#NONE} unless overridden: served to every request
     */
    default Negotiation negotiation() {
        return Negotiation.NONE;
    }

    /**
     * The methods the extension adds.
     *
     * @return the methods, none by default
     */
    default List<ExtensionMethod> methods() {
        return List.of();
    }

    /**
     * What the extension offers as the host's own (such as resources), listed, paged, read and hidden by the
     * access policy like them.
     *
     * @return the bindings, none by default
     */
    default List<Binding> bindings() {
        return List.of();
    }

    /**
     * How the extension wraps the host work of a built-in method; asked for {@code tools/call}, the one method
     * wrapped today.
     *
     * @param method the built-in method
     * @return the wrapper, or {@code null} (the default) to leave the method alone
     */
    default CallWrapper wraps(String method) {
        return null;
    }

    /**
     * The members of the {@code notifications} filter of {@code subscriptions/listen} the extension reads, each
     * with how it answers it; listens are served in 2026-07-28 only.
     *
     * @return the filters by member, none by default
     */
    default Map<String, ListenFilter> listens() {
        return Map.of();
    }

    /**
     * Starts the extension once the server is built.
     *
     * @param streams where it notifies the listen streams that follow its keys
     */
    default void start(ListenStreams streams) {
    }

    /**
     * A message this extension sent from another instance of the server's cluster
     * ({@link ListenStreams#tellPeers}); called on the cluster's thread, so it should hand lasting work on.
     *
     * @param message the message as that instance sent it
     */
    default void fromPeer(ObjectNode message) {
    }

    /** Stops what the extension runs; called once when the server closes. */
    default void close() {
    }
}
