package io.beammcp.autoconfigure.http;

/**
 * An HTTP application does not set {@code beammcp.http.allowed-origins}; explained by
 * {@link MissingAllowedOriginsFailureAnalyzer}.
 */
final class MissingAllowedOriginsException extends RuntimeException {

    private final String path;

    MissingAllowedOriginsException(String path) {
        super("beammcp.http.allowed-origins is not set for the MCP endpoint at " + path);
        this.path = path;
    }

    String path() {
        return path;
    }
}
