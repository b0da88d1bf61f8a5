package io.beammcp.core.internal.catalog;

import io.beammcp.core.Completer;
import io.beammcp.core.InvalidCatalogException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The catalog the server serves now: compiled once from every source, and compiled again, one list at a time,
 * when a source reports a change; the new index is swapped in atomically and its listener told. A change that
 * does not compile keeps the previous index serving: a registry's caller is refused (and the registry undoes
 * it), any other source's change is logged.
 */
public final class LiveCatalog {

    private static final Logger log = LoggerFactory.getLogger(LiveCatalog.class);

    /** Learns of each list a change swapped in, and of updated resources. */
    public interface Changes {

        void listChanged(ListKind kind, CatalogIndex before, CatalogIndex after);

        void resourceUpdated(String uri);
    }

    private final CatalogCompiler compiler;
    private final List<Source> sources;
    private final Object recompiling = new Object();
    private final Set<ListKind> offered;
    private final boolean completes;
    private final boolean listsChange;
    private volatile CatalogIndex index;
    private volatile Changes listener;

    /**
     * Compiles every source once.
     *
     * @param fallback what completes arguments without a completer of their own, or {@code null}
     * @throws InvalidCatalogException naming the culprit, when anything could fail at call time
     */
    public LiveCatalog(List<Source> sources, Completer fallback, CatalogCompiler compiler) {
        this.compiler = compiler;
        this.sources = List.copyOf(sources);
        try {
            this.index = compiler.compile(all(), fallback);
        } catch (IllegalArgumentException e) {
            // the core's own refusal, naming the culprit: one type for the operator's tools to recognise
            throw e instanceof InvalidCatalogException ? e : new InvalidCatalogException(e.getMessage());
        }
        Set<ListKind> kinds = EnumSet.noneOf(ListKind.class);
        boolean mayComplete = fallback != null || !index.completions().isEmpty();
        boolean changing = false;
        for (Source source : this.sources) {
            kinds.addAll(source.mayOffer());
            mayComplete |= source.mayComplete();
            changing |= source.changes();
        }
        if (index.resources().resources().all().iterator().hasNext()
                || index.resources().templates().all().iterator().hasNext()) {
            kinds.add(ListKind.RESOURCES);
        }
        if (index.prompts().all().iterator().hasNext()) {
            kinds.add(ListKind.PROMPTS);
        }
        this.offered = Set.copyOf(kinds);
        this.completes = mayComplete;
        this.listsChange = changing;
    }

    public CatalogIndex index() {
        return index;
    }

    /** Whether resources or prompts are offered: listed now, or possibly later by a source that changes. */
    public boolean offers(ListKind kind) {
        return kind == ListKind.TOOLS || offered.contains(kind);
    }

    public boolean completes() {
        return completes;
    }

    /** Whether a source reports changes, so the server advertises {@code listChanged}. */
    public boolean listsChange() {
        return listsChange;
    }

    /** Starts reporting changes to {@code changes}. */
    public void listen(Changes changes) {
        this.listener = changes;
        sources.forEach(source -> source.listen(this));
    }

    public void stopListening() {
        sources.forEach(source -> source.stopListening(this));
    }

    /**
     * A source's list changed: it is compiled again from every source and swapped in.
     *
     * @param refuse whether a change that does not compile is refused to the caller rather than logged
     * @throws InvalidCatalogException when {@code refuse} and the new list does not compile
     */
    public void changed(ListKind kind, boolean refuse) {
        CatalogIndex before;
        CatalogIndex after;
        synchronized (recompiling) {
            List<Sourced> all;
            try {
                all = all();
            } catch (RuntimeException e) {
                if (refuse) {
                    throw e;
                }
                log.error("The host reported a change of its {}, but listing them failed ({}); the previous list keeps "
                        + "serving", name(kind), e.getClass().getName());
                return;
            }
            before = index;
            try {
                after = compiler.recompile(before, kind, all);
            } catch (IllegalArgumentException e) {
                if (refuse) {
                    throw e instanceof InvalidCatalogException ? e : new InvalidCatalogException(e.getMessage());
                }
                // the core's own refusal, naming the culprit in the catalog
                log.error("The host reported a change of its {}, but the new list is refused and the previous one "
                        + "keeps serving: {}", name(kind), e.getMessage());
                return;
            }
            index = after;
        }
        Changes changes = listener;
        if (changes != null) {
            changes.listChanged(kind, before, after);
        }
    }

    /** The contents of one resource changed. */
    public void updated(String uri) {
        Changes changes = listener;
        if (changes != null) {
            changes.resourceUpdated(uri);
        }
    }

    private List<Sourced> all() {
        List<Sourced> all = new ArrayList<>();
        for (Source source : sources) {
            all.addAll(source.bindings());
        }
        return all;
    }

    private static String name(ListKind kind) {
        return kind.name().toLowerCase(java.util.Locale.ROOT);
    }
}
