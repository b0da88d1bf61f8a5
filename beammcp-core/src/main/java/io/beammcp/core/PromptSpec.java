package io.beammcp.core;

import java.util.List;

/**
 * A prompt template the host offers.
 *
 * @param name the prompt's name, unique in the catalog
 * @param title a display title, or {@code null}
 * @param description what the prompt is for, or {@code null}
 * @param icons icons, or {@code null}
 * @param arguments its arguments, possibly empty
 * @param scopes OAuth scopes a caller must hold to use it (never to see it), possibly empty
 */
public record PromptSpec(String name, String title, String description, List<Icon> icons,
        List<PromptArgument> arguments, List<String> scopes) {

    /**
     * Copies the lists.
     */
    public PromptSpec {
        icons = icons == null ? null : List.copyOf(icons);
        arguments = arguments == null ? List.of() : List.copyOf(arguments);
        scopes = scopes == null ? List.of() : List.copyOf(scopes);
    }

    /**
     * A prompt that requires no scope.
     *
     * @param name the name
     * @param title a display title, or {@code null}
     * @param description what the prompt is for, or {@code null}
     * @param icons icons, or {@code null}
     * @param arguments its arguments
     */
    public PromptSpec(String name, String title, String description, List<Icon> icons,
            List<PromptArgument> arguments) {
        this(name, title, description, icons, arguments, List.of());
    }

    /**
     * This prompt, requiring the given OAuth scopes to be rendered (a caller without them still sees it).
     *
     * @param required the scopes
     * @return the spec with those scopes
     */
    public PromptSpec withScopes(String... required) {
        return new PromptSpec(name, title, description, icons, arguments, List.of(required));
    }

    /**
     * A prompt with a description and arguments.
     *
     * @param name the name
     * @param description what the prompt is for
     * @param arguments its arguments
     * @return the spec
     */
    public static PromptSpec of(String name, String description, PromptArgument... arguments) {
        return new PromptSpec(name, null, description, null, List.of(arguments));
    }
}
