package io.beammcp.core.internal.catalog;

import io.beammcp.core.internal.protocol.Notification;

/** The lists whose changes the server announces. */
public enum ListKind {

    TOOLS(Notification.TOOLS_LIST_CHANGED),
    PROMPTS(Notification.PROMPTS_LIST_CHANGED),
    RESOURCES(Notification.RESOURCES_LIST_CHANGED);

    private final Notification changed;

    ListKind(Notification changed) {
        this.changed = changed;
    }

    /** The notification that announces a change of this list. */
    public Notification changed() {
        return changed;
    }
}
