package io.beammcp.core.extension;

import tools.jackson.databind.node.ObjectNode;

import java.util.Set;

/** Where an extension notifies the open {@code subscriptions/listen} streams that follow its keys. */
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
}
