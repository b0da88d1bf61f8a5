package io.beammcp.core.internal.protocol;

/** The notifications the server sends. */
public enum Notification {

    PROGRESS("notifications/progress"),
    MESSAGE("notifications/message"),
    CANCELLED("notifications/cancelled"),
    TOOLS_LIST_CHANGED("notifications/tools/list_changed"),
    PROMPTS_LIST_CHANGED("notifications/prompts/list_changed"),
    RESOURCES_LIST_CHANGED("notifications/resources/list_changed"),
    RESOURCES_UPDATED("notifications/resources/updated"),
    SUBSCRIPTIONS_ACKNOWLEDGED("notifications/subscriptions/acknowledged"),
    TASKS("notifications/tasks");

    private final String id;

    Notification(String id) {
        this.id = id;
    }

    /** The method as it is spelled on the wire. */
    public String id() {
        return id;
    }
}
