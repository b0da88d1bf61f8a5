package io.beammcp.core.internal.host;

import io.beammcp.core.CallContext;
import io.beammcp.core.Completer;
import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.InvalidParamsException;
import io.beammcp.core.PromptArgument;
import io.beammcp.core.PromptBinding;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceBinding;
import io.beammcp.core.ResourceEntry;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ResourceTemplateBinding;
import io.beammcp.core.ResourceTemplateSpec;
import io.beammcp.core.ToolBinding;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.internal.resources.UriTemplate;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One composition of every contribution: the lists the engine compiles, and where each tool, resource,
 * template, prompt and completion is served. Immutable; a change builds a new one.
 */
record Composition(List<ToolSpec> toolSpecs, Map<String, Tool> tools, List<ResourceEntry> resourceEntries,
        Map<String, Resource> resources, List<Template> templates, List<PromptSpec> promptSpecs,
        Map<String, Prompt> prompts, Map<List<String>, Completer> completions, Completer fallback) {

    record Tool(String source, ToolBinding.Handler handler) {
    }

    record Resource(String source, ResourceBinding.Handler handler) {
    }

    record Template(String source, ResourceTemplateSpec spec, UriTemplate template,
            ResourceTemplateBinding.Handler handler) {
    }

    record Prompt(String source, PromptSpec spec, PromptBinding.Handler handler) {
    }

    /** Reads a listed URI through its contributor, else through the first template that matches it. */
    ReadResult read(String uri, CallContext context) throws Exception {
        Resource resource = resources.get(uri);
        if (resource != null) {
            return resource.handler().read(uri, context);
        }
        for (Template template : templates) {
            Map<String, String> values = template.template().values(uri);
            if (values != null) {
                return template.handler().read(uri, decoded(values), context);
            }
        }
        return ReadResult.notFound();
    }

    private static Map<String, String> decoded(Map<String, String> values) {
        Map<String, String> decoded = new LinkedHashMap<>();
        values.forEach((name, value) -> {
            try {
                // percent-decoding only: a '+' in a URI is a plus sign, not a space
                decoded.put(name, URLDecoder.decode(value.replace("+", "%2B"), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw InvalidParamsException.notFound("The URI's '" + name + "' is not well percent-encoded");
            }
        });
        return Collections.unmodifiableMap(decoded);
    }

    Completer completer(Completer.Reference reference, String argument) {
        String key = reference.prompt() != null ? "prompt:" + reference.prompt() : "template:" + reference.uriTemplate();
        Completer specific = completions.get(List.of(key, argument));
        return specific != null ? specific : fallback;
    }

    /** Collects contributions in order, refusing anything claimed twice with both claimants named. */
    static final class Builder {

        private final List<ToolSpec> toolSpecs = new ArrayList<>();
        private final Map<String, Tool> tools = new LinkedHashMap<>();
        private final List<ResourceEntry> entries = new ArrayList<>();
        private final Map<String, Resource> resources = new LinkedHashMap<>();
        private final Map<String, Template> templates = new LinkedHashMap<>();
        private final List<PromptSpec> promptSpecs = new ArrayList<>();
        private final Map<String, Prompt> prompts = new LinkedHashMap<>();
        private final Map<List<String>, Completer> completions = new LinkedHashMap<>();
        private final Map<List<String>, String> completionSources = new LinkedHashMap<>();
        private final List<Contribution.Completion> pending = new ArrayList<>();
        private final List<String> pendingSources = new ArrayList<>();
        private Completer fallback;

        void add(Contribution contribution) {
            String source = contribution.source();
            for (ToolBinding tool : contribution.tools()) {
                tool(tool.spec(), new Tool(source, tool.handler()));
            }
            for (ResourceBinding resource : contribution.resources()) {
                resource(resource.spec(), new Resource(source, resource.handler()));
            }
            for (ResourceTemplateBinding template : contribution.templates()) {
                template(template.spec(), source, template.handler());
                if (template.completer() != null) {
                    for (String variable : compile(template.spec()).variables()) {
                        completion(new Contribution.Completion(new Completer.Reference(null,
                                template.spec().uriTemplate()), variable, template.completer()), source);
                    }
                }
            }
            for (PromptBinding prompt : contribution.prompts()) {
                prompt(prompt.spec(), new Prompt(source, prompt.spec(), prompt.handler()));
                if (prompt.completer() != null) {
                    for (PromptArgument argument : prompt.spec().arguments()) {
                        completion(new Contribution.Completion(new Completer.Reference(prompt.spec().name(), null),
                                argument.name(), prompt.completer()), source);
                    }
                }
            }
            for (Contribution.Completion completion : contribution.completions()) {
                completion(completion, source);
            }
        }

        /** The low-level catalog: each item routed to the one dispatch, reader or renderer, by its name. */
        void addLegacy(HostCatalog.Legacy legacy) {
            String source = legacy.source();
            List<ToolSpec> listedTools = listed(legacy.catalog().tools(), "tools");
            for (ToolSpec spec : listedTools) {
                String name = spec == null ? null : spec.name();
                tool(spec, new Tool(source, (arguments, context) -> legacy.dispatch().call(name, arguments, context)));
            }
            List<ResourceEntry> listedResources = listed(legacy.catalog().resources(), "resources");
            if (!listedResources.isEmpty() && legacy.reader() == null) {
                throw new InvalidCatalogException("The catalog lists resources but no ResourceReader was given");
            }
            for (ResourceEntry entry : listedResources) {
                if (entry instanceof ResourceSpec spec) {
                    resource(spec, new Resource(source, legacy.reader()::read));
                } else if (entry instanceof ResourceTemplateSpec spec) {
                    template(spec, source, (uri, values, context) -> legacy.reader().read(uri, context));
                } else {
                    throw new InvalidCatalogException("Catalog.resources() holds a null entry");
                }
            }
            List<PromptSpec> listedPrompts = listed(legacy.catalog().prompts(), "prompts");
            if (!listedPrompts.isEmpty() && legacy.renderer() == null) {
                throw new InvalidCatalogException("The catalog lists prompts but no PromptRenderer was given");
            }
            for (PromptSpec spec : listedPrompts) {
                String name = spec == null ? null : spec.name();
                prompt(spec, new Prompt(source, spec, (arguments, context) -> legacy.renderer().render(name, arguments,
                        context)));
            }
            fallback = legacy.completer();
        }

        private static <T> List<T> listed(List<T> items, String kind) {
            if (items == null) {
                throw new InvalidCatalogException("Catalog." + kind + "() returned null; return an empty list for no "
                        + kind);
            }
            return items;
        }

        private void tool(ToolSpec spec, Tool tool) {
            if (spec == null) {
                throw new InvalidCatalogException("Catalog.tools() holds a null tool");
            }
            Tool other = tools.putIfAbsent(String.valueOf(spec.name()), tool);
            if (other != null) {
                throw twice("Tool name '" + spec.name() + "'", other.source(), tool.source());
            }
            toolSpecs.add(spec);
        }

        private void resource(ResourceSpec spec, Resource resource) {
            Resource other = resources.putIfAbsent(String.valueOf(spec.uri()), resource);
            if (other != null) {
                throw twice("Resource uri '" + spec.uri() + "'", other.source(), resource.source());
            }
            entries.add(spec);
        }

        private void template(ResourceTemplateSpec spec, String source, ResourceTemplateBinding.Handler handler) {
            Template template = new Template(source, spec, compile(spec), handler);
            Template other = templates.putIfAbsent(String.valueOf(spec.uriTemplate()), template);
            if (other != null) {
                throw twice("Resource template '" + spec.uriTemplate() + "'", other.source(), source);
            }
            entries.add(spec);
        }

        private void prompt(PromptSpec spec, Prompt prompt) {
            if (spec == null) {
                throw new InvalidCatalogException("Catalog.prompts() holds a null prompt");
            }
            Prompt other = prompts.putIfAbsent(String.valueOf(spec.name()), prompt);
            if (other != null) {
                throw twice("Prompt name '" + spec.name() + "'", other.source(), prompt.source());
            }
            promptSpecs.add(spec);
        }

        private void completion(Contribution.Completion completion, String source) {
            pending.add(completion);
            pendingSources.add(source);
        }

        private static UriTemplate compile(ResourceTemplateSpec spec) {
            try {
                return UriTemplate.compile(spec.uriTemplate() == null ? "" : spec.uriTemplate());
            } catch (IllegalArgumentException e) {
                throw new InvalidCatalogException("Resource template '" + spec.uriTemplate() + "' " + e.getMessage());
            }
        }

        private static InvalidCatalogException twice(String what, String first, String second) {
            return new InvalidCatalogException(what + " is declared twice: by '" + first + "' and by '" + second + "'");
        }

        /** Completions are checked last, against every prompt and template of every contribution. */
        Composition build() {
            for (int i = 0; i < pending.size(); i++) {
                Contribution.Completion completion = pending.get(i);
                String source = pendingSources.get(i);
                Completer.Reference reference = completion.reference();
                List<String> key;
                if (reference.prompt() != null) {
                    Prompt prompt = prompts.get(reference.prompt());
                    if (prompt == null || prompt.spec().arguments().stream()
                            .noneMatch(a -> a.name().equals(completion.argument()))) {
                        throw new InvalidCatalogException("'" + source + "' completes argument '" + completion.argument()
                                + "' of prompt '" + reference.prompt() + "', which no contribution declares");
                    }
                    key = List.of("prompt:" + reference.prompt(), completion.argument());
                } else {
                    Template template = templates.get(reference.uriTemplate());
                    if (template == null || !template.template().variables().contains(completion.argument())) {
                        throw new InvalidCatalogException("'" + source + "' completes variable '" + completion.argument()
                                + "' of template '" + reference.uriTemplate() + "', which no contribution declares");
                    }
                    key = List.of("template:" + reference.uriTemplate(), completion.argument());
                }
                String other = completionSources.putIfAbsent(key, source);
                if (other != null) {
                    throw twice("The completion of '" + completion.argument() + "' in " + key.get(0), other, source);
                }
                completions.put(key, completion.completer());
            }
            return new Composition(List.copyOf(toolSpecs), Map.copyOf(tools), List.copyOf(entries),
                    Map.copyOf(resources), List.copyOf(templates.values()), List.copyOf(promptSpecs),
                    Map.copyOf(prompts), Map.copyOf(completions), fallback);
        }
    }
}
