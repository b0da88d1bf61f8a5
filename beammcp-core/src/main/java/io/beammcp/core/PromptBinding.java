package io.beammcp.core;

import java.util.Map;
import java.util.Objects;

/**
 * A prompt bound to the code that renders it, and optionally to the completion of its arguments.
 *
 * @param spec the prompt
 * @param handler what renders it
 * @param completer what completes its arguments, or {@code null}
 */
public record PromptBinding(PromptSpec spec, Handler handler, Completer completer) implements Binding {

    /**
     * Checks that the spec and handler are given.
     */
    public PromptBinding {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(handler, "handler");
    }

    /**
     * Binds a prompt to its renderer.
     *
     * @param spec the prompt
     * @param handler what renders it
     * @return the binding
     */
    public static PromptBinding of(PromptSpec spec, Handler handler) {
        return new PromptBinding(spec, handler, null);
    }

    /**
     * The same binding, completing the prompt's arguments.
     *
     * @param completer what completes them; it is called only for this prompt and one of its arguments
     * @return a new binding
     */
    public PromptBinding withCompletion(Completer completer) {
        return new PromptBinding(spec, handler, completer);
    }

    /**
     * Renders the bound prompt.
     */
    @FunctionalInterface
    public interface Handler {

        /**
         * Renders the prompt.
         *
         * @param arguments the declared arguments that were given, immutable
         * @param context facts about the request and the client
         * @return the rendering, never {@code null}
         * @throws Exception when the host fails
         */
        PromptResult render(Map<String, String> arguments, CallContext context) throws Exception;
    }
}
