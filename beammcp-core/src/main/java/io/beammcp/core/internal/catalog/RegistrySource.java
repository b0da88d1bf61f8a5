package io.beammcp.core.internal.catalog;

import io.beammcp.core.BindingRegistry;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** A {@link BindingRegistry} as a source: any list may fill later, and a change that does not compile is undone. */
public final class RegistrySource implements Source, BindingRegistry.Listener {

    private final String source;
    private final BindingRegistry registry;
    private volatile LiveCatalog catalog;

    public RegistrySource(String source, BindingRegistry registry) {
        this.source = source;
        this.registry = registry;
    }

    @Override
    public List<Sourced> bindings() {
        List<Sourced> all = new ArrayList<>();
        registry.tools().forEach(b -> all.add(new Sourced(source, b)));
        registry.resources().forEach(b -> all.add(new Sourced(source, b)));
        registry.resourceTemplates().forEach(b -> all.add(new Sourced(source, b)));
        registry.prompts().forEach(b -> all.add(new Sourced(source, b)));
        return all;
    }

    @Override
    public Set<ListKind> mayOffer() {
        return Set.of(ListKind.values());
    }

    @Override
    public boolean mayComplete() {
        return true;
    }

    @Override
    public boolean changes() {
        return true;
    }

    @Override
    public void listen(LiveCatalog catalog) {
        this.catalog = catalog;
        registry.addListener(this);
    }

    @Override
    public void stopListening(LiveCatalog catalog) {
        registry.removeListener(this);
    }

    @Override
    public void toolsChanged() {
        catalog.changed(ListKind.TOOLS, true);
    }

    @Override
    public void promptsChanged() {
        catalog.changed(ListKind.PROMPTS, true);
    }

    @Override
    public void resourcesChanged() {
        catalog.changed(ListKind.RESOURCES, true);
    }

    @Override
    public void resourceUpdated(String uri) {
        catalog.updated(uri);
    }
}
