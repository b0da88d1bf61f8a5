package io.beammcp.core;

/**
 * A tool, resource, resource template or prompt bound to the code that serves it: what a host that builds its
 * offer from data declares as beans (or adds to the server's builder), next to annotated methods.
 */
public sealed interface Binding permits ToolBinding, ResourceBinding, ResourceTemplateBinding, PromptBinding {
}
