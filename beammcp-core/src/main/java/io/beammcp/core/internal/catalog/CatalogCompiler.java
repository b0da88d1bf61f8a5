package io.beammcp.core.internal.catalog;

import io.beammcp.core.Binding;
import io.beammcp.core.CompletionBinding;
import io.beammcp.core.Completer;
import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.PromptArgument;
import io.beammcp.core.PromptBinding;
import io.beammcp.core.ResourceBinding;
import io.beammcp.core.ResourceEntry;
import io.beammcp.core.ResourceTemplateBinding;
import io.beammcp.core.ToolBinding;
import io.beammcp.core.internal.json.JsonCodec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Compiles bindings into the lists the server serves. Refuses, naming the culprit, anything that could fail at
 * call time, and anything two sources claim, naming both.
 */
public final class CatalogCompiler {

    private final JsonCodec codec;
    private final SchemaCompiler compiler;

    public CatalogCompiler(JsonCodec codec, SchemaCompiler compiler) {
        this.codec = codec;
        this.compiler = compiler;
    }

    /** Everything, compiled once. */
    CatalogIndex compile(List<Sourced> all, Completer fallback) {
        Paged<CompiledTool> tools = tools(all);
        ResourceIndex resources = resources(all);
        Paged<CompiledPrompt> prompts = prompts(all);
        return CatalogIndex.of(tools, resources, prompts, completions(all, prompts, resources), fallback);
    }

    /** The index with one list compiled again from {@code all}, and the completions checked against it. */
    CatalogIndex recompile(CatalogIndex current, ListKind kind, List<Sourced> all) {
        return switch (kind) {
            case TOOLS -> CatalogIndex.of(tools(all), current.resources(), current.prompts(), current.completions(),
                    current.fallback());
            case RESOURCES -> {
                ResourceIndex resources = resources(all);
                yield CatalogIndex.of(current.tools(), resources, current.prompts(),
                        completions(all, current.prompts(), resources), current.fallback());
            }
            case PROMPTS -> {
                Paged<CompiledPrompt> prompts = prompts(all);
                yield new CatalogIndex(current.tools(), current.resources(), prompts,
                        completions(all, prompts, current.resources()), current.fallback(), current.viewTools());
            }
        };
    }

    private Paged<CompiledTool> tools(List<Sourced> all) {
        Claims<CompiledTool> tools = new Claims<>("Tool name");
        for (Sourced s : all) {
            if (s.binding() instanceof ToolBinding tool) {
                tools.claim(tool.spec().name(), s.source(), () -> CompiledTool.compile(tool, codec, compiler));
            }
        }
        return new Paged<>("tools", tools.byKey, CompiledTool::advertised);
    }

    private ResourceIndex resources(List<Sourced> all) {
        Claims<CompiledResource> resources = new Claims<>("Resource uri");
        Claims<CompiledTemplate> templates = new Claims<>("Resource template");
        List<ResourceEntry> entries = new ArrayList<>();
        for (Sourced s : all) {
            if (s.binding() instanceof ResourceBinding resource) {
                resources.claim(resource.spec().uri(), s.source(), () -> CompiledResource.compile(resource, codec));
                entries.add(resource.spec());
            } else if (s.binding() instanceof ResourceTemplateBinding template) {
                templates.claim(template.spec().uriTemplate(), s.source(),
                        () -> CompiledTemplate.compile(template, codec));
                entries.add(template.spec());
            }
        }
        return new ResourceIndex(new Paged<>("resources", resources.byKey, CompiledResource::advertised),
                new Paged<>("resourceTemplates", templates.byKey, CompiledTemplate::advertised),
                List.copyOf(templates.byKey.values()), List.copyOf(entries));
    }

    private Paged<CompiledPrompt> prompts(List<Sourced> all) {
        Claims<CompiledPrompt> prompts = new Claims<>("Prompt name");
        for (Sourced s : all) {
            if (s.binding() instanceof PromptBinding prompt) {
                prompts.claim(prompt.spec().name(), s.source(), () -> CompiledPrompt.compile(prompt, codec, compiler));
            }
        }
        return new Paged<>("prompts", prompts.byKey, CompiledPrompt::advertised);
    }

    /** Every completion, checked against the prompts and templates of every source; each argument completed once. */
    private static Map<List<String>, Completer> completions(List<Sourced> all, Paged<CompiledPrompt> prompts,
            ResourceIndex resources) {
        Map<List<String>, Completer> completers = new HashMap<>();
        Map<List<String>, String> sources = new HashMap<>();
        for (Sourced s : all) {
            for (CompletionBinding completion : completionsOf(s.binding(), resources)) {
                Completer.Reference reference = completion.reference();
                String argument = completion.argument();
                if (reference.prompt() != null) {
                    CompiledPrompt prompt = prompts.get(reference.prompt());
                    if (prompt == null || !prompt.declares(argument)) {
                        throw new InvalidCatalogException("'" + s.source() + "' completes argument '" + argument
                                + "' of prompt '" + reference.prompt() + "', which no contribution declares");
                    }
                } else {
                    CompiledTemplate template = resources.template(reference.uriTemplate());
                    if (template == null || !template.template().variables().contains(argument)) {
                        throw new InvalidCatalogException("'" + s.source() + "' completes variable '" + argument
                                + "' of template '" + reference.uriTemplate() + "', which no contribution declares");
                    }
                }
                List<String> key = CatalogIndex.key(reference, argument);
                String other = sources.putIfAbsent(key, s.source());
                if (other != null) {
                    throw twice("The completion of '" + argument + "' in " + key.get(0), other, s.source());
                }
                completers.put(key, completion.completer());
            }
        }
        return Map.copyOf(completers);
    }

    /** The completions a binding declares: its own, or those of a prompt's arguments or a template's variables. */
    private static List<CompletionBinding> completionsOf(Binding binding, ResourceIndex resources) {
        List<CompletionBinding> found = new ArrayList<>();
        if (binding instanceof CompletionBinding completion) {
            found.add(completion);
        } else if (binding instanceof PromptBinding prompt && prompt.completer() != null) {
            for (PromptArgument argument : prompt.spec().arguments()) {
                found.add(new CompletionBinding(new Completer.Reference(prompt.spec().name(), null), argument.name(),
                        prompt.completer()));
            }
        } else if (binding instanceof ResourceTemplateBinding template && template.completer() != null) {
            String uriTemplate = template.spec().uriTemplate();
            // the template as the index compiled it, not compiled again
            for (String variable : resources.template(uriTemplate).template().variables()) {
                found.add(new CompletionBinding(new Completer.Reference(null, uriTemplate), variable,
                        template.completer()));
            }
        }
        return found;
    }

    /** A claim made twice, naming both claimants when they differ. */
    private static InvalidCatalogException twice(String what, String first, String second) {
        return new InvalidCatalogException(what + " is declared twice"
                + (first.equals(second) ? "" : ": by '" + first + "' and by '" + second + "'"));
    }

    /** Entries by key, each compiled once, refusing a key claimed twice with both claimants named. */
    private static final class Claims<T> {

        private final String what;
        private final Map<String, T> byKey = new LinkedHashMap<>();
        private final Map<String, String> sources = new HashMap<>();

        Claims(String what) {
            this.what = what;
        }

        void claim(String key, String source, Supplier<T> compile) {
            String other = sources.putIfAbsent(String.valueOf(key), source);
            if (other != null) {
                throw twice(what + " '" + key + "'", other, source);
            }
            byKey.put(String.valueOf(key), compile.get());
        }
    }
}
