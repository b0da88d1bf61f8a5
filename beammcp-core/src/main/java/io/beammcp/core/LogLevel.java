package io.beammcp.core;

/**
 * The severity of a log message sent to the client with {@link CallContext#log}, in ascending order (the
 * syslog severities of RFC 5424). A client asks for messages at or above one level: in 2026-07-28 per
 * request, in 2025-11-25 per session with {@code logging/setLevel}.
 */
public enum LogLevel {

    /** Detailed debugging information. */
    DEBUG("debug"),

    /** General information. */
    INFO("info"),

    /** Normal but significant events. */
    NOTICE("notice"),

    /** Warning conditions. */
    WARNING("warning"),

    /** Error conditions. */
    ERROR("error"),

    /** Critical conditions. */
    CRITICAL("critical"),

    /** Action must be taken immediately. */
    ALERT("alert"),

    /** The system is unusable. */
    EMERGENCY("emergency");

    private final String id;

    LogLevel(String id) {
        this.id = id;
    }

    /**
     * The level's name on the wire.
     *
     * @return for example {@code "warning"}
     */
    public String id() {
        return id;
    }

    /**
     * The level a wire name stands for.
     *
     * @param id a wire name such as {@code "info"}
     * @return the level, or {@code null} when the name is not a level
     */
    public static LogLevel of(String id) {
        for (LogLevel level : values()) {
            if (level.id.equals(id)) {
                return level;
            }
        }
        return null;
    }
}
