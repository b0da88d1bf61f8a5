package io.beammcp.core.internal.catalog;

import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.PromptBinding;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ResourceBinding;
import io.beammcp.core.ResourceEntry;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ResourceTemplateBinding;
import io.beammcp.core.ResourceTemplateSpec;
import io.beammcp.core.ToolBinding;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.catalog.PromptRenderer;
import io.beammcp.core.catalog.ResourceReader;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The low-level host as bindings: each tool the {@link Catalog} lists bound to the {@link Dispatch}, each resource
 * and template to the {@link ResourceReader}, each prompt to the {@link PromptRenderer}; listed again after each
 * change its {@link CatalogChanges} reports.
 */
public final class LowLevelSource implements Source, CatalogChanges.Listener {

    private final String source;
    private final Catalog catalog;
    private final Dispatch dispatch;
    private final ResourceReader reader;
    private final PromptRenderer renderer;
    private final CatalogChanges changes;
    private volatile LiveCatalog live;

    /**
     * @param catalog the lists, or {@code null} for none (readers and renderers alone offer empty lists)
     * @param dispatch what runs its tools, or {@code null} when it lists none
     */
    public LowLevelSource(String source, Catalog catalog, Dispatch dispatch, ResourceReader reader,
            PromptRenderer renderer, CatalogChanges changes) {
        this.source = source;
        this.catalog = catalog == null ? Catalog.of(List.of()) : catalog;
        this.dispatch = dispatch;
        this.reader = reader;
        this.renderer = renderer;
        this.changes = changes;
    }

    @Override
    public List<Sourced> bindings() {
        List<Sourced> all = new ArrayList<>();
        for (ToolSpec spec : listed(catalog.tools(), "tools")) {
            if (spec == null) {
                throw new InvalidCatalogException("Catalog.tools() holds a null tool");
            }
            if (dispatch == null) {
                throw new InvalidCatalogException("The catalog lists tools but no Dispatch was given");
            }
            String name = spec.name();
            all.add(new Sourced(source, ToolBinding.of(spec, (arguments, context) -> dispatch.call(name, arguments,
                    context))));
        }
        List<ResourceEntry> resources = listed(catalog.resources(), "resources");
        if (!resources.isEmpty() && reader == null) {
            throw new InvalidCatalogException("The catalog lists resources but no ResourceReader was given");
        }
        for (ResourceEntry entry : resources) {
            if (entry instanceof ResourceSpec spec) {
                all.add(new Sourced(source, ResourceBinding.of(spec, reader::read)));
            } else if (entry instanceof ResourceTemplateSpec spec) {
                all.add(new Sourced(source, ResourceTemplateBinding.of(spec,
                        (uri, variables, context) -> reader.read(uri, context))));
            } else {
                throw new InvalidCatalogException("Catalog.resources() holds a null entry");
            }
        }
        List<PromptSpec> prompts = listed(catalog.prompts(), "prompts");
        if (!prompts.isEmpty() && renderer == null) {
            throw new InvalidCatalogException("The catalog lists prompts but no PromptRenderer was given");
        }
        for (PromptSpec spec : prompts) {
            if (spec == null) {
                throw new InvalidCatalogException("Catalog.prompts() holds a null prompt");
            }
            String name = spec.name();
            all.add(new Sourced(source, PromptBinding.of(spec, (arguments, context) -> renderer.render(name,
                    arguments, context))));
        }
        return all;
    }

    private static <T> List<T> listed(List<T> items, String kind) {
        if (items == null) {
            throw new InvalidCatalogException("Catalog." + kind + "() returned null; return an empty list for no "
                    + kind);
        }
        return items;
    }

    @Override
    public Set<ListKind> mayOffer() {
        Set<ListKind> kinds = EnumSet.of(ListKind.TOOLS);
        if (reader != null) {
            kinds.add(ListKind.RESOURCES);
        }
        if (renderer != null) {
            kinds.add(ListKind.PROMPTS);
        }
        return kinds;
    }

    @Override
    public boolean changes() {
        return changes != null;
    }

    @Override
    public void listen(LiveCatalog live) {
        this.live = live;
        if (changes != null) {
            changes.addListener(this);
        }
    }

    @Override
    public void stopListening(LiveCatalog live) {
        if (changes != null) {
            changes.removeListener(this);
        }
    }

    @Override
    public void toolsChanged() {
        live.changed(ListKind.TOOLS, false);
    }

    @Override
    public void promptsChanged() {
        live.changed(ListKind.PROMPTS, false);
    }

    @Override
    public void resourcesChanged() {
        live.changed(ListKind.RESOURCES, false);
    }

    @Override
    public void resourceUpdated(String uri) {
        live.updated(uri);
    }
}
