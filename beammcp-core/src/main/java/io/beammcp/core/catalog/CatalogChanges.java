package io.beammcp.core.catalog;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * How a host whose lists change tells the server. Giving one to the server (in Spring Boot: declaring it
 * as a bean) is what declares that the lists change: the server then advertises {@code listChanged} for
 * tools, prompts and resources and {@code subscribe} for resources, and serves change notifications.
 *
 * <p>After a list changes, call the matching method: the server reads that list from the
 * {@link Catalog} again, compiles it, swaps it in atomically for the requests that follow, and notifies the
 * clients that asked for it. A list that no longer compiles is refused (logged) and the previous one kept.
 * {@link #resourceUpdated(String)} tells subscribed clients that one resource's contents changed. Every
 * method may be called from any thread; each returns once the new list serves.
 */
public final class CatalogChanges {

    /**
     * Learns about every change reported to a {@link CatalogChanges}; a server registers one when it is
     * built with the changes object, so hosts rarely implement it.
     */
    public interface Listener {

        /** The catalog's tools changed. */
        void toolsChanged();

        /** The catalog's prompts changed. */
        void promptsChanged();

        /** The catalog's resources or resource templates changed. */
        void resourcesChanged();

        /**
         * The contents of one resource changed.
         *
         * @param uri the resource's URI
         */
        void resourceUpdated(String uri);
    }

    private final List<Listener> listeners = new CopyOnWriteArrayList<>();

    /**
     * A changes object that no server listens to yet.
     */
    public CatalogChanges() {
    }

    /**
     * Registers a listener.
     *
     * @param listener the listener
     */
    public void addListener(Listener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Unregisters a listener; nothing happens when it is not registered.
     *
     * @param listener the listener
     */
    public void removeListener(Listener listener) {
        listeners.remove(listener);
    }

    /**
     * Reports that {@link Catalog#tools()} now answers a different list.
     */
    public void toolsChanged() {
        listeners.forEach(Listener::toolsChanged);
    }

    /**
     * Reports that {@link Catalog#prompts()} now answers a different list.
     */
    public void promptsChanged() {
        listeners.forEach(Listener::promptsChanged);
    }

    /**
     * Reports that {@link Catalog#resources()} now answers a different list.
     */
    public void resourcesChanged() {
        listeners.forEach(Listener::resourcesChanged);
    }

    /**
     * Reports that the contents of a resource changed, for the clients subscribed to it.
     *
     * @param uri the resource's URI, exactly as clients subscribe to it
     */
    public void resourceUpdated(String uri) {
        Objects.requireNonNull(uri, "uri");
        listeners.forEach(listener -> listener.resourceUpdated(uri));
    }
}
