package io.beammcp.core;

/**
 * A tool, resource, resource template, prompt or completion bound to the code that serves it: the second way
 * to offer, beside annotated methods. Declare bindings as beans (or give them to the server's builder), or add
 * and remove them while the server runs through a {@link BindingRegistry}.
 */
public sealed interface Binding permits ToolBinding, ResourceBinding, ResourceTemplateBinding, PromptBinding,
        CompletionBinding {
}
