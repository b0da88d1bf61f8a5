package io.beammcp.core.extension;

import tools.jackson.databind.node.ObjectNode;

import java.util.Set;

/**
 * Where an extension notifies the open {@code subscriptions/listen} streams that follow its keys, and tells
 * itself on the other instances of a cluster what they must hear.
 */
public interface ListenStreams {

    /**
     * The keys of a filter member that some open stream follows.
     *
     * @param member the member, such as {@code taskIds}
     * @return the keys, a snapshot
     */
    Set<String> followed(String member);

    /**
     * Sends a notification to every open stream following a key, tagged with the stream's subscription id.
     *
     * @param member the member the key was followed under
     * @param key the key
     * @param method the notification's method, such as {@code notifications/tasks}
     * @param params its params, without {@code _meta}
     */
    void notify(String member, String key, String method, ObjectNode params);

    /**
     * Sends a message to this extension on the other instances of the server's cluster, which get it through
     * {@link McpExtension#fromPeer}; nothing is sent without a cluster. Delivery is best effort.
     *
     * @param message the message, a JSON object of the extension's own
     */
    default void tellPeers(ObjectNode message) {
    }
}
