package io.beammcp.core;

import java.util.Objects;

/**
 * The completion of one argument of a prompt, or one variable of a resource template, that another binding
 * (or annotated method) declares: what an annotated {@code @McpComplete} method becomes. A prompt or template
 * binding completing its own arguments carries its {@link Completer} instead.
 *
 * @param reference the prompt or template
 * @param argument the argument or variable it completes
 * @param completer what completes it; called only for that reference and argument
 */
public record CompletionBinding(Completer.Reference reference, String argument, Completer completer)
        implements Binding {

    /**
     * Checks that every part is given.
     */
    public CompletionBinding {
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(argument, "argument");
        Objects.requireNonNull(completer, "completer");
    }
}
