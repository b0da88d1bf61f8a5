package io.beammcp.core.internal.host;

import io.beammcp.core.Completer;
import io.beammcp.core.PromptBinding;
import io.beammcp.core.ResourceBinding;
import io.beammcp.core.ResourceTemplateBinding;
import io.beammcp.core.ToolBinding;

import java.util.List;

/**
 * What one source (a bean, by its name) contributes to the server.
 *
 * @param source the source's name, quoted when two sources claim the same name
 * @param tools its tools
 * @param resources its listed resources
 * @param templates its resource templates
 * @param prompts its prompts
 * @param completions its completions of prompt arguments and template variables
 */
public record Contribution(String source, List<ToolBinding> tools, List<ResourceBinding> resources,
        List<ResourceTemplateBinding> templates, List<PromptBinding> prompts, List<Completion> completions) {

    public Contribution {
        tools = List.copyOf(tools);
        resources = List.copyOf(resources);
        templates = List.copyOf(templates);
        prompts = List.copyOf(prompts);
        completions = List.copyOf(completions);
    }

    /** A source contributing one binding of any kind. */
    public static Contribution of(String source, io.beammcp.core.Binding binding) {
        return new Contribution(source,
                binding instanceof ToolBinding t ? List.of(t) : List.of(),
                binding instanceof ResourceBinding r ? List.of(r) : List.of(),
                binding instanceof ResourceTemplateBinding t ? List.of(t) : List.of(),
                binding instanceof PromptBinding p ? List.of(p) : List.of(), List.of());
    }

    /**
     * The completion of one prompt argument or template variable.
     *
     * @param reference the prompt or template
     * @param argument the argument or variable
     * @param completer what completes it
     */
    public record Completion(Completer.Reference reference, String argument, Completer completer) {
    }
}
