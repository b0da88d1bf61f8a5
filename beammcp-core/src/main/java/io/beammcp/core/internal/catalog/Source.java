package io.beammcp.core.internal.catalog;

import io.beammcp.core.Binding;

import java.util.List;
import java.util.Set;

/**
 * Where bindings come from: annotated beans and binding beans, read once; a runtime registry or a low-level
 * catalog, read again after each change they report.
 */
public interface Source {

    /**
     * The bindings offered now, each named by its source.
     *
     * @throws RuntimeException when the host fails to list them
     */
    List<Sourced> bindings();

    /** The lists it may fill at any time, so their capabilities are advertised from the start. */
    default Set<ListKind> mayOffer() {
        return Set.of();
    }

    /** Whether it may complete arguments it does not bind now. */
    default boolean mayComplete() {
        return false;
    }

    /** Whether its lists change while the server runs. */
    default boolean changes() {
        return false;
    }

    /** Starts telling {@code catalog} of each change; a source that never changes does nothing. */
    default void listen(LiveCatalog catalog) {
    }

    /** Stops telling {@code catalog} of changes. */
    default void stopListening(LiveCatalog catalog) {
    }

    /** A source whose bindings never change. */
    static Source of(String source, List<? extends Binding> bindings) {
        List<Sourced> sourced = bindings.stream().map(binding -> new Sourced(source, binding)).toList();
        return () -> sourced;
    }
}
