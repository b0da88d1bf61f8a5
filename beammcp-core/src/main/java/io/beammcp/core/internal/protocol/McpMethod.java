package io.beammcp.core.internal.protocol;

import java.util.HashMap;
import java.util.Map;

/**
 * The server's own methods, which a client may send in either revision; each revision serves its own subset.
 * The methods of extensions are not here: each extension names its own.
 */
public enum McpMethod {

    INITIALIZE("initialize", null),
    PING("ping", null),
    SERVER_DISCOVER("server/discover", null),
    SUBSCRIPTIONS_LISTEN("subscriptions/listen", null),
    TOOLS_LIST("tools/list", null),
    TOOLS_CALL("tools/call", "name"),
    RESOURCES_LIST("resources/list", null),
    RESOURCES_TEMPLATES_LIST("resources/templates/list", null),
    RESOURCES_READ("resources/read", "uri"),
    RESOURCES_SUBSCRIBE("resources/subscribe", null),
    RESOURCES_UNSUBSCRIBE("resources/unsubscribe", null),
    PROMPTS_LIST("prompts/list", null),
    PROMPTS_GET("prompts/get", "name"),
    COMPLETION_COMPLETE("completion/complete", null),
    LOGGING_SET_LEVEL("logging/setLevel", null),
    /** Not MCP: the stdio convention of language-server clients, a request that ends the conversation. */
    SHUTDOWN("shutdown", null),
    NOTIFICATIONS_CANCELLED("notifications/cancelled", null),
    NOTIFICATIONS_INITIALIZED("notifications/initialized", null),
    /** Not MCP: the notification that follows {@link #SHUTDOWN}. */
    EXIT("exit", null);

    private static final Map<String, McpMethod> BY_ID = new HashMap<>();

    static {
        for (McpMethod method : values()) {
            BY_ID.put(method.id, method);
        }
    }

    private final String id;
    private final String mirroredParam;

    McpMethod(String id, String mirroredParam) {
        this.id = id;
        this.mirroredParam = mirroredParam;
    }

    /** The method as it is spelled on the wire. */
    public String id() {
        return id;
    }

    /** The member of {@code params} that the {@code Mcp-Name} header mirrors, or {@code null} for none. */
    public String mirroredParam() {
        return mirroredParam;
    }

    /** The method of that name, or {@code null} for a method this server does not know. */
    public static McpMethod of(String id) {
        return BY_ID.get(id);
    }
}
