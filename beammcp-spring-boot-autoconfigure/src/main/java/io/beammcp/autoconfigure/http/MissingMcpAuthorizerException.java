package io.beammcp.autoconfigure.http;

/**
 * An HTTP application defines no {@link McpAuthorizer}; explained by {@link MissingMcpAuthorizerFailureAnalyzer}.
 */
final class MissingMcpAuthorizerException extends RuntimeException {

    private final String path;

    MissingMcpAuthorizerException(String path) {
        super("No bean of type " + McpAuthorizer.class.getName() + " is defined for the MCP endpoint at " + path);
        this.path = path;
    }

    String path() {
        return path;
    }
}
