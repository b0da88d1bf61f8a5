package io.beammcp.core;

/**
 * What the server refuses to serve, found when it is built or when a list changes: a schema that does not
 * compile, a name used twice, an annotated method it cannot bind. The message names the culprit and, for a
 * name used twice, both of its sources.
 */
public final class InvalidCatalogException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /**
     * A refusal.
     *
     * @param message what is wrong and where
     */
    public InvalidCatalogException(String message) {
        super(message);
    }
}
