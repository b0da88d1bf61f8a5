package io.beammcp.core.internal.host;

import io.beammcp.core.CallContext;
import io.beammcp.core.Catalog;
import io.beammcp.core.CatalogChanges;
import io.beammcp.core.CatalogRegistry;
import io.beammcp.core.Completer;
import io.beammcp.core.Dispatch;
import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.InvalidParamsException;
import io.beammcp.core.PromptRenderer;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceEntry;
import io.beammcp.core.ResourceReader;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;

/**
 * Every contribution of a host composed into what the engine consumes: one catalog listing them all, and
 * one dispatch, reader, renderer and completer routing each request by name or URI to the code that
 * contributed it. The contributions are the fixed ones (annotated beans, bindings), the low-level
 * {@link Catalog} with its {@link Dispatch}, and a {@link CatalogRegistry}; a change of the last two
 * recomposes the catalog, then reaches the engine through {@link #changes()}.
 */
public final class HostCatalog implements Catalog, Dispatch, ResourceReader, PromptRenderer, Completer,
        CatalogChanges.Listener {

    private static final Logger log = LoggerFactory.getLogger(HostCatalog.class);

    /**
     * The low-level host, kept as it is.
     *
     * @param source its name, for example the catalog bean's
     */
    public record Legacy(String source, Catalog catalog, Dispatch dispatch, ResourceReader reader,
            PromptRenderer renderer, Completer completer, CatalogChanges changes) {
    }

    private final Legacy legacy;
    private final List<Contribution> fixed;
    private final CatalogRegistry registry;
    private final String registrySource;
    private final CatalogChanges downstream;
    private final boolean resources;
    private final boolean prompts;
    private final boolean completions;
    private volatile Composition current;

    /**
     * Composes the contributions once; refuses, naming both sources, a name, URI or template claimed twice.
     *
     * @param legacy the low-level host, or {@code null}
     * @param registry the runtime registry, or {@code null}
     */
    public HostCatalog(Legacy legacy, List<Contribution> fixed, CatalogRegistry registry, String registrySource) {
        this.legacy = legacy;
        this.fixed = List.copyOf(fixed);
        this.registry = registry;
        this.registrySource = registrySource;
        this.current = compose();
        boolean changing = registry != null || (legacy != null && legacy.changes() != null);
        this.downstream = changing ? new CatalogChanges() : null;
        // a registry may add any kind later, so every kind is offered from the start
        this.resources = registry != null || (legacy != null && legacy.reader() != null)
                || !current.resourceEntries().isEmpty();
        this.prompts = registry != null || (legacy != null && legacy.renderer() != null)
                || !current.promptSpecs().isEmpty();
        this.completions = registry != null || (legacy != null && legacy.completer() != null)
                || !current.completions().isEmpty();
        if (legacy != null && legacy.changes() != null) {
            legacy.changes().addListener(this);
        }
        if (registry != null) {
            registry.addListener(this);
        }
    }

    /** What the engine listens to, or {@code null} when the lists never change. */
    public CatalogChanges changes() {
        return downstream;
    }

    public ResourceReader readerOrNull() {
        return resources ? this : null;
    }

    public PromptRenderer rendererOrNull() {
        return prompts ? this : null;
    }

    public Completer completerOrNull() {
        return completions ? this : null;
    }

    private Composition compose() {
        Composition.Builder builder = new Composition.Builder();
        for (Contribution contribution : fixed) {
            builder.add(contribution);
        }
        if (legacy != null) {
            builder.addLegacy(legacy);
        }
        if (registry != null) {
            builder.add(new Contribution(registrySource, registry.tools(), registry.resources(),
                    registry.resourceTemplates(), registry.prompts(), List.of()));
        }
        return builder.build();
    }

    @Override
    public List<ToolSpec> tools() {
        return current.toolSpecs();
    }

    @Override
    public List<ResourceEntry> resources() {
        return current.resourceEntries();
    }

    @Override
    public List<PromptSpec> prompts() {
        return current.promptSpecs();
    }

    @Override
    public ToolResult call(String toolName, Map<String, Object> arguments, CallContext context) throws Exception {
        Composition.Tool tool = current.tools().get(toolName);
        if (tool == null) {
            // removed between the engine's lookup and this one
            throw new InvalidParamsException("Unknown tool: " + toolName);
        }
        return tool.handler().call(arguments, context);
    }

    @Override
    public ReadResult read(String uri, CallContext context) throws Exception {
        return current.read(uri, context);
    }

    @Override
    public PromptResult render(String name, Map<String, String> arguments, CallContext context) throws Exception {
        Composition.Prompt prompt = current.prompts().get(name);
        if (prompt == null) {
            throw InvalidParamsException.notFound("Unknown prompt: " + name);
        }
        return prompt.handler().render(arguments, context);
    }

    @Override
    public List<String> complete(Reference reference, String argumentName, String partialValue,
            Map<String, String> context) throws Exception {
        Completer completer = current.completer(reference, argumentName);
        return completer == null ? List.of() : completer.complete(reference, argumentName, partialValue, context);
    }

    @Override
    public void toolsChanged() {
        if (recompose()) {
            downstream.toolsChanged();
        }
    }

    @Override
    public void promptsChanged() {
        if (recompose()) {
            downstream.promptsChanged();
        }
    }

    @Override
    public void resourcesChanged() {
        if (recompose()) {
            downstream.resourcesChanged();
        }
    }

    @Override
    public void resourceUpdated(String uri) {
        downstream.resourceUpdated(uri);
    }

    /**
     * Composes again after a change. A registry's change that cannot be composed is refused to the caller,
     * who then undoes it; a low-level catalog's is logged and the previous composition kept.
     */
    private synchronized boolean recompose() {
        try {
            current = compose();
            return true;
        } catch (InvalidCatalogException e) {
            // the registry calls with its lock held, and undoes its change when this throws
            if (registry != null && Thread.holdsLock(registry)) {
                throw e;
            }
            log.error("The host reported a change of its catalog, but it is refused and the previous lists keep "
                    + "serving: {}", e.getMessage());
            return false;
        } catch (RuntimeException e) {
            log.error("The host reported a change of its catalog, but listing it failed; the previous lists keep "
                    + "serving", e);
            return false;
        }
    }
}
