package io.beammcp.core.internal.engine;

import io.beammcp.core.Catalog;
import io.beammcp.core.CatalogChanges;
import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.PromptRenderer;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ResourceEntry;
import io.beammcp.core.ResourceReader;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.internal.access.Access;
import io.beammcp.core.internal.catalog.Blocks;
import io.beammcp.core.internal.catalog.Paged;
import io.beammcp.core.internal.catalog.SchemaCompiler;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.prompts.Prompts;
import io.beammcp.core.internal.resources.Resources;
import io.beammcp.core.internal.streams.Broadcaster;
import io.beammcp.core.internal.streams.ListKind;
import io.beammcp.core.internal.streams.Offers;
import io.beammcp.core.internal.tools.CompiledTool;
import io.beammcp.core.internal.tools.ToolIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.security.Principal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The host's catalog, compiled: every list indexed and sorted for paging. A change the host reports
 * recompiles that one list, swaps in a new index atomically, and tells the streams that want it (and, under
 * a policy that hides entries, whose caller sees one that changed).
 */
final class CatalogState implements Offers, CatalogChanges.Listener {

    private static final Logger log = LoggerFactory.getLogger(CatalogState.class);

    /** One compiled catalog. */
    private record Index(Paged<CompiledTool> tools, Resources resources, Prompts prompts) {
    }

    /** The index a change replaced, and the one it swapped in. */
    private record Swap(Index before, Index after) {
    }

    private final Catalog catalog;
    private final CatalogChanges changes;
    private final ResourceReader reader;
    private final PromptRenderer renderer;
    private final JsonCodec codec;
    private final SchemaCompiler compiler;
    private final Blocks blocks;
    private final Object recompiling = new Object();
    private volatile Index index;
    private Broadcaster broadcaster;
    private Access access = Access.NONE;

    /** Compiles the catalog; refuses, naming the culprit, anything that could fail at call time. */
    CatalogState(ServerConfig config, JsonCodec codec, SchemaCompiler compiler, Blocks blocks) {
        this.catalog = config.catalog();
        this.changes = config.changes();
        this.reader = config.resourceReader();
        this.renderer = config.promptRenderer();
        this.codec = codec;
        this.compiler = compiler;
        this.blocks = blocks;
        try {
            this.index = new Index(ToolIndex.compile(catalog.tools(), codec, compiler), resources(catalog.resources()),
                    prompts(catalog.prompts()));
        } catch (InvalidCatalogException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            // the core's own refusal, naming the culprit: one type for the operator's tools to recognise
            throw new InvalidCatalogException(e.getMessage());
        }
    }

    /**
     * Starts listening to the host's changes, which then reach the streams through {@code broadcaster}: when
     * {@code access} filters, only those whose caller sees an entry that changed.
     */
    void listen(Broadcaster to, Access access) {
        this.broadcaster = to;
        this.access = access;
        if (changes != null) {
            changes.addListener(this);
        }
    }

    void stopListening() {
        if (changes != null) {
            changes.removeListener(this);
        }
    }

    Paged<CompiledTool> tools() {
        return index.tools();
    }

    /** The catalog as compiled now: the tools sorted by name, resources and prompts as declared. */
    Catalog snapshot() {
        Index now = index;
        List<ToolSpec> tools = new ArrayList<>();
        now.tools().all().forEach(tool -> tools.add(tool.spec()));
        return Catalog.of(tools, now.resources().entries(), now.prompts().specs());
    }

    Resources currentResources() {
        return index.resources();
    }

    Prompts currentPrompts() {
        return index.prompts();
    }

    /** The catalog's offers as one caller sees them: a hidden resource is never subscribed to (nor confirmed). */
    Offers visibleTo(Principal principal, Access access) {
        return new Offers() {
            @Override
            public boolean listsChange() {
                return CatalogState.this.listsChange();
            }

            @Override
            public boolean prompts() {
                return CatalogState.this.prompts();
            }

            @Override
            public boolean resources() {
                return CatalogState.this.resources();
            }

            @Override
            public boolean knows(String uri) {
                return currentResources().knows(uri, principal, access);
            }
        };
    }

    @Override
    public boolean listsChange() {
        return changes != null;
    }

    @Override
    public boolean prompts() {
        return renderer != null;
    }

    @Override
    public boolean resources() {
        return reader != null;
    }

    @Override
    public boolean knows(String uri) {
        return index.resources().knows(uri);
    }

    @Override
    public void toolsChanged() {
        Swap swap = recompile("tools", catalog::tools,
                (current, tools) -> new Index(ToolIndex.compile(tools, codec, compiler), current.resources(),
                        current.prompts()));
        if (swap != null) {
            announce(ListKind.TOOLS, swap, (before, after) -> ListDiff.tools(before.tools(), after.tools()));
        }
    }

    @Override
    public void promptsChanged() {
        Swap swap = recompile("prompts", catalog::prompts,
                (current, prompts) -> new Index(current.tools(), current.resources(), prompts(prompts)));
        if (swap != null && prompts()) {
            announce(ListKind.PROMPTS, swap,
                    (before, after) -> ListDiff.prompts(before.prompts().specs(), after.prompts().specs()));
        }
    }

    @Override
    public void resourcesChanged() {
        Swap swap = recompile("resources", catalog::resources,
                (current, resources) -> new Index(current.tools(), resources(resources), current.prompts()));
        if (swap != null && resources()) {
            announce(ListKind.RESOURCES, swap, (before, after) -> ListDiff.resources(before.resources().entries(),
                    after.resources().entries()));
        }
    }

    /**
     * Tells the streams of a list change: all of them when everything is visible (no per-stream work), else
     * only those whose caller sees an entry that changed, so a change of hidden entries reveals nothing.
     */
    private void announce(ListKind kind, Swap swap, BiFunction<Index, Index, ListDiff> diff) {
        if (!access.filters()) {
            broadcaster.listChanged(kind, null);
            return;
        }
        ListDiff changed = diff.apply(swap.before(), swap.after());
        if (!changed.isEmpty()) {
            broadcaster.listChanged(kind, principal -> changed.concerns(principal, access));
        }
    }

    @Override
    public void resourceUpdated(String uri) {
        if (resources()) {
            broadcaster.resourceUpdated(uri);
        }
    }

    private Resources resources(List<ResourceEntry> entries) {
        return new Resources(entries, reader, codec, blocks);
    }

    private Prompts prompts(List<PromptSpec> specs) {
        return new Prompts(specs, renderer, codec, compiler, blocks);
    }

    /**
     * Reads one list from the catalog again and swaps in a new index holding it. When the catalog fails to
     * answer (logged like any host fault, without its message) or the new list does not compile (logged with
     * the core's message naming the culprit), the previous index keeps serving and this answers {@code null}.
     */
    private <T> Swap recompile(String kind, Supplier<List<T>> list, BiFunction<Index, List<T>, Index> with) {
        synchronized (recompiling) {
            List<T> items = listed(list, kind);
            if (items == null) {
                return null;
            }
            try {
                Index before = index;
                index = with.apply(before, items);
                return new Swap(before, index);
            } catch (IllegalArgumentException e) {
                // the core's own refusal, naming the culprit in the catalog
                log.error("The host reported a change of its {}, but the new list is refused and the previous one "
                        + "keeps serving: {}", kind, e.getMessage());
                return null;
            }
        }
    }

    /** One list as the catalog answers it now, or {@code null} when the catalog fails (logged, message withheld). */
    private static <T> List<T> listed(Supplier<List<T>> list, String kind) {
        try {
            return list.get();
        } catch (RuntimeException e) {
            log.error("The host reported a change of its {}, but its catalog failed to list them ({}); the previous "
                    + "list keeps serving", kind, e.getClass().getName());
            return null;
        }
    }
}
