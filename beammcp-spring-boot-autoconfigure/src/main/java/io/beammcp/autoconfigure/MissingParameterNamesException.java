package io.beammcp.autoconfigure;

/**
 * An annotated method whose parameter names were not compiled in; explained by
 * {@link MissingParameterNamesFailureAnalyzer}.
 */
final class MissingParameterNamesException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String method;

    MissingParameterNamesException(String bean, String method) {
        super("Bean '" + bean + "': " + method + " has parameters without compiled names");
        this.method = method;
    }

    String method() {
        return method;
    }
}
