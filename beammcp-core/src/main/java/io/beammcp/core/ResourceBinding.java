package io.beammcp.core;

import java.util.Objects;

/**
 * A listed resource bound to the code that reads it.
 *
 * @param spec the resource
 * @param handler what reads it
 */
public record ResourceBinding(ResourceSpec spec, Handler handler) implements Binding {

    /**
     * Checks that both parts are given.
     */
    public ResourceBinding {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(handler, "handler");
    }

    /**
     * Binds a resource to its reader.
     *
     * @param spec the resource
     * @param handler what reads it
     * @return the binding
     */
    public static ResourceBinding of(ResourceSpec spec, Handler handler) {
        return new ResourceBinding(spec, handler);
    }

    /**
     * Reads the bound resource.
     */
    @FunctionalInterface
    public interface Handler {

        /**
         * Reads the resource.
         *
         * @param uri the resource's URI
         * @param context facts about the request and the client
         * @return the contents, or {@link ReadResult#notFound()}; never {@code null}
         * @throws Exception when the host fails
         */
        ReadResult read(String uri, CallContext context) throws Exception;
    }
}
