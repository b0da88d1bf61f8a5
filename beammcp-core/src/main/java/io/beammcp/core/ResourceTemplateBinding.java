package io.beammcp.core;

import java.util.Map;
import java.util.Objects;

/**
 * A resource template bound to the code that reads matching URIs, and optionally to the completion of its
 * variables.
 *
 * @param spec the template
 * @param handler what reads a matching URI
 * @param completer what completes its variables, or {@code null}
 */
public record ResourceTemplateBinding(ResourceTemplateSpec spec, Handler handler, Completer completer)
        implements Binding {

    /**
     * Checks that the spec and handler are given.
     */
    public ResourceTemplateBinding {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(handler, "handler");
    }

    /**
     * Binds a template to its reader.
     *
     * @param spec the template
     * @param handler what reads a matching URI
     * @return the binding
     */
    public static ResourceTemplateBinding of(ResourceTemplateSpec spec, Handler handler) {
        return new ResourceTemplateBinding(spec, handler, null);
    }

    /**
     * The same binding, completing the template's variables.
     *
     * @param completer what completes them; it is called only for this template and one of its variables
     * @return a new binding
     */
    public ResourceTemplateBinding withCompletion(Completer completer) {
        return new ResourceTemplateBinding(spec, handler, completer);
    }

    /**
     * Reads a URI the bound template matches.
     */
    @FunctionalInterface
    public interface Handler {

        /**
         * Reads one resource.
         *
         * @param uri the requested URI, exactly as sent
         * @param variables the template's variables in it, percent-decoded
         * @param context facts about the request and the client
         * @return the contents, or {@link ReadResult#notFound()}; never {@code null}
         * @throws Exception when the host fails
         */
        ReadResult read(String uri, Map<String, String> variables, CallContext context) throws Exception;
    }
}
