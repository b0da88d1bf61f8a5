package io.beammcp.core.internal.protocol;

/** The reserved {@code _meta} keys of the 2026-07-28 revision. */
public final class MetaKeys {

    public static final String VERSION = "io.modelcontextprotocol/protocolVersion";
    public static final String CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
    public static final String CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
    public static final String LOG_LEVEL = "io.modelcontextprotocol/logLevel";
    public static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";
    public static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";

    private MetaKeys() {
    }
}
