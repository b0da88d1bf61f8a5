package io.beammcp.autoconfigure;

/**
 * The application defines no bean of a type the MCP server is built from; explained to the user by
 * {@link MissingCatalogFailureAnalyzer}.
 */
final class MissingHostBeanException extends RuntimeException {

    private final Class<?> beanType;

    MissingHostBeanException(Class<?> beanType) {
        super("No bean of type " + beanType.getName() + " is defined");
        this.beanType = beanType;
    }

    Class<?> beanType() {
        return beanType;
    }
}
