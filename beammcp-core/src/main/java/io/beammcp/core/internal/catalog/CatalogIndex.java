package io.beammcp.core.internal.catalog;

import io.beammcp.core.Completer;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.catalog.Catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The compiled catalog: every list indexed and sorted for paging, each entry holding the code that serves it,
 * so a call is one lookup. Immutable; a change swaps in a new one.
 *
 * @param tools the tools by name
 * @param resources the resources and templates
 * @param prompts the prompts by name
 * @param completions the completers by reference ({@code prompt:NAME} or {@code template:TEMPLATE}) and argument
 * @param fallback what completes any argument without a completer of its own, or {@code null}
 * @param viewTools the tools naming each MCP Apps view, by the view's URI
 */
public record CatalogIndex(Paged<CompiledTool> tools, ResourceIndex resources, Paged<CompiledPrompt> prompts,
        Map<List<String>, Completer> completions, Completer fallback, Map<String, List<String>> viewTools) {

    /** The index with every view a tool names checked against the resources. */
    static CatalogIndex of(Paged<CompiledTool> tools, ResourceIndex resources, Paged<CompiledPrompt> prompts,
            Map<List<String>, Completer> completions, Completer fallback) {
        return new CatalogIndex(tools, resources, prompts, completions, fallback, Views.check(tools, resources));
    }

    /** The tools naming a resource as their view; empty for a resource that is no tool's view. */
    public List<String> toolsOfView(String uri) {
        return viewTools.getOrDefault(uri, List.of());
    }

    /** The completer of one argument or variable: its own, else the fallback, else {@code null}. */
    public Completer completer(Completer.Reference reference, String argument) {
        Completer specific = completions.get(key(reference, argument));
        return specific != null ? specific : fallback;
    }

    static List<String> key(Completer.Reference reference, String argument) {
        return List.of(reference.prompt() != null ? "prompt:" + reference.prompt()
                : "template:" + reference.uriTemplate(), argument);
    }

    /** The prompts' specs, sorted by name. */
    public List<PromptSpec> promptSpecs() {
        List<PromptSpec> specs = new ArrayList<>();
        prompts.all().forEach(prompt -> specs.add(prompt.spec()));
        return specs;
    }

    /** The catalog as compiled: the tools and prompts sorted by name, resources as contributed. */
    public Catalog snapshot() {
        List<ToolSpec> specs = new ArrayList<>();
        tools.all().forEach(tool -> specs.add(tool.spec()));
        return Catalog.of(specs, resources.entries(), promptSpecs());
    }
}
