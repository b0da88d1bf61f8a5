package io.beammcp.testsupport;

import tools.jackson.databind.json.JsonMapper;

/** The text of JSON-RPC messages as a client writes them, for both revisions. */
public final class Messages {

    /** A plain mapper for reading what came back. */
    public static final JsonMapper JSON = JsonMapper.builder().build();
    public static final String MODERN = "2026-07-28";
    public static final String LEGACY = "2025-11-25";
    /** The {@code _meta} member of a 2026-07-28 request: its revision and no client capabilities. */
    public static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    private Messages() {
    }

    /** A 2026-07-28 request; {@code members} are the params' members besides {@code _meta}, or null or blank. */
    public static String modern(Object id, String method, String members) {
        return modern(id, method, members, META);
    }

    /** The same with the given {@code _meta} member in place of {@link #META}. */
    public static String modern(Object id, String method, String members, String metaMember) {
        String params = members == null || members.isBlank() ? "{" + metaMember + "}"
                : "{" + members + "," + metaMember + "}";
        return "{\"jsonrpc\":\"2.0\",\"id\":" + JSON.writeValueAsString(id) + ",\"method\":\"" + method
                + "\",\"params\":" + params + "}";
    }

    /** A request without {@code _meta}; {@code params} is a JSON value or {@code null} for none. */
    public static String legacy(Object id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + JSON.writeValueAsString(id) + ",\"method\":\"" + method + "\""
                + (params == null ? "" : ",\"params\":" + params) + "}";
    }

    /** A 2025-11-25 {@code initialize} from a client named {@code clientName}, with no capabilities. */
    public static String initialize(Object id, String clientName) {
        return legacy(id, "initialize", "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"" + clientName + "\",\"version\":\"1\"}}");
    }

    /** A notification without params. */
    public static String notification(String method) {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\"}";
    }
}
