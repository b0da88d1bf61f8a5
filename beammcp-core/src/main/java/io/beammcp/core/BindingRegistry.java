package io.beammcp.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Bindings a host adds and removes while it runs: the second way to offer, beside annotated methods and
 * binding beans. Giving one to the server (in Spring Boot: declaring it as a bean) declares that the lists
 * change: the server advertises {@code listChanged}, and after each change recompiles the list and notifies
 * the clients that asked. Each method may be called from any thread and returns once the new list serves; an
 * addition whose name, URI or template another contribution already uses is refused with an
 * {@link InvalidCatalogException} naming both, and nothing changes.
 */
public final class BindingRegistry {

    private final Map<String, ToolBinding> tools = new LinkedHashMap<>();
    private final Map<String, ResourceBinding> resources = new LinkedHashMap<>();
    private final Map<String, ResourceTemplateBinding> templates = new LinkedHashMap<>();
    private final Map<String, PromptBinding> prompts = new LinkedHashMap<>();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Learns about every change of the registry; a server registers one when it is built with the registry,
     * so hosts do not implement it. A listener that throws refuses the change, which is then undone.
     */
    public interface Listener {

        /** The registry's tools changed. */
        void toolsChanged();

        /** The registry's prompts changed. */
        void promptsChanged();

        /** The registry's resources or resource templates changed. */
        void resourcesChanged();

        /**
         * The contents of one resource changed.
         *
         * @param uri the resource's URI
         */
        void resourceUpdated(String uri);
    }

    /**
     * An empty registry.
     */
    public BindingRegistry() {
    }

    /**
     * Registers a listener; a server registers one when it is built with this registry.
     *
     * @param listener the listener
     */
    public void addListener(Listener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Unregisters a listener.
     *
     * @param listener the listener
     */
    public void removeListener(Listener listener) {
        listeners.remove(listener);
    }

    /**
     * Adds a tool.
     *
     * @param tool the tool and its handler
     * @throws InvalidCatalogException when its name is taken
     */
    public void add(ToolBinding tool) {
        change(tools, tool.spec().name(), tool, Listener::toolsChanged);
    }

    /**
     * Adds a resource.
     *
     * @param resource the resource and its reader
     * @throws InvalidCatalogException when its URI is taken
     */
    public void add(ResourceBinding resource) {
        change(resources, resource.spec().uri(), resource, Listener::resourcesChanged);
    }

    /**
     * Adds a resource template.
     *
     * @param template the template and its reader
     * @throws InvalidCatalogException when the template is taken
     */
    public void add(ResourceTemplateBinding template) {
        change(templates, template.spec().uriTemplate(), template, Listener::resourcesChanged);
    }

    /**
     * Adds a prompt.
     *
     * @param prompt the prompt and its renderer
     * @throws InvalidCatalogException when its name is taken
     */
    public void add(PromptBinding prompt) {
        change(prompts, prompt.spec().name(), prompt, Listener::promptsChanged);
    }

    /**
     * Removes a tool this registry added.
     *
     * @param name the tool's name
     * @return whether it was there
     */
    public boolean removeTool(String name) {
        return change(tools, name, null, Listener::toolsChanged);
    }

    /**
     * Removes a resource this registry added.
     *
     * @param uri the resource's URI
     * @return whether it was there
     */
    public boolean removeResource(String uri) {
        return change(resources, uri, null, Listener::resourcesChanged);
    }

    /**
     * Removes a resource template this registry added.
     *
     * @param uriTemplate the template
     * @return whether it was there
     */
    public boolean removeResourceTemplate(String uriTemplate) {
        return change(templates, uriTemplate, null, Listener::resourcesChanged);
    }

    /**
     * Removes a prompt this registry added.
     *
     * @param name the prompt's name
     * @return whether it was there
     */
    public boolean removePrompt(String name) {
        return change(prompts, name, null, Listener::promptsChanged);
    }

    /**
     * Tells subscribed clients that the contents of a resource changed.
     *
     * @param uri the resource's URI
     */
    public void resourceUpdated(String uri) {
        Objects.requireNonNull(uri, "uri");
        listeners.forEach(listener -> listener.resourceUpdated(uri));
    }

    /**
     * The tools added so far, in order.
     *
     * @return a copy
     */
    public synchronized List<ToolBinding> tools() {
        return new ArrayList<>(tools.values());
    }

    /**
     * The resources added so far, in order.
     *
     * @return a copy
     */
    public synchronized List<ResourceBinding> resources() {
        return new ArrayList<>(resources.values());
    }

    /**
     * The resource templates added so far, in order.
     *
     * @return a copy
     */
    public synchronized List<ResourceTemplateBinding> resourceTemplates() {
        return new ArrayList<>(templates.values());
    }

    /**
     * The prompts added so far, in order.
     *
     * @return a copy
     */
    public synchronized List<PromptBinding> prompts() {
        return new ArrayList<>(prompts.values());
    }

    /** Puts or removes one entry and tells the listeners; a listener's refusal undoes the change. */
    private synchronized <T> boolean change(Map<String, T> items, String key, T value,
            Consumer<Listener> notify) {
        Objects.requireNonNull(key, "the name, URI or template");
        if (value != null && items.containsKey(key)) {
            throw new InvalidCatalogException("'" + key + "' is already in the BindingRegistry; remove it first");
        }
        T previous = value == null ? items.remove(key) : items.put(key, value);
        if (value == null && previous == null) {
            return false;
        }
        try {
            listeners.forEach(notify);
        } catch (RuntimeException refused) {
            if (previous == null) {
                items.remove(key);
            } else {
                items.put(key, previous);
            }
            throw refused;
        }
        return true;
    }
}
