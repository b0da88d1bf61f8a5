package io.beammcp.core.internal.catalog;

import io.beammcp.core.ResourceEntry;

import java.util.List;

/**
 * The listed resources and the resource templates, compiled: each paged by its key, the templates also tried in
 * turn against a URI that no listed resource has.
 *
 * @param resources the listed resources by URI
 * @param templates the templates by their template string
 * @param matchOrder the templates in the order they were contributed: the order a URI is matched in
 * @param entries the resources and templates in the order they were contributed
 */
public record ResourceIndex(Paged<CompiledResource> resources, Paged<CompiledTemplate> templates,
        List<CompiledTemplate> matchOrder, List<ResourceEntry> entries) {

    /** The listed resource of this URI, or {@code null}. */
    public CompiledResource resource(String uri) {
        return resources.get(uri);
    }

    /** The template of this template string, or {@code null}. */
    public CompiledTemplate template(String uriTemplate) {
        return templates.get(uriTemplate);
    }

    /** Whether a URI is listed or matched by a template: one that can be read and subscribed to. */
    public boolean knows(String uri) {
        if (resources.get(uri) != null) {
            return true;
        }
        for (CompiledTemplate template : matchOrder) {
            if (template.template().matches(uri)) {
                return true;
            }
        }
        return false;
    }
}
