package io.beammcp.core.catalog;

import io.beammcp.core.PromptSpec;
import io.beammcp.core.ResourceEntry;
import io.beammcp.core.ToolSpec;

import java.util.List;

/**
 * What a host offers to MCP clients, as data: the low-level way to offer, for a host whose catalog is data (one
 * bean lists the tools, a {@link Dispatch} runs them). The server adapts it onto bindings, exactly as if each
 * listed tool, resource, template and prompt were bound to the dispatch, reader or renderer.
 *
 * <p>The server reads the catalog once, at construction, and compiles it into an immutable index:
 * every schema and template is checked and compiled then, so a server that starts cannot fail at call
 * time for structural reasons. Each list is required: returning {@code null} is a malformed catalog and
 * is refused at startup; an empty list is fine.
 */
public interface Catalog {

    /**
     * The tools the host offers, in any order; the server advertises them sorted by name.
     *
     * @return the tools, never {@code null}
     */
    List<ToolSpec> tools();

    /**
     * The resources and resource templates the host offers, in any order. A non-empty list needs a
     * {@link ResourceReader}.
     *
     * @return the resources, never {@code null}
     */
    default List<ResourceEntry> resources() {
        return List.of();
    }

    /**
     * The prompts the host offers, in any order. A non-empty list needs a {@link PromptRenderer}.
     *
     * @return the prompts, never {@code null}
     */
    default List<PromptSpec> prompts() {
        return List.of();
    }

    /**
     * A catalog of the given tools.
     *
     * @param tools the tools
     * @return an immutable catalog
     */
    static Catalog of(List<ToolSpec> tools) {
        return of(tools, List.of(), List.of());
    }

    /**
     * A catalog of the given tools, resources and prompts.
     *
     * @param tools the tools
     * @param resources the resources and resource templates
     * @param prompts the prompts
     * @return an immutable catalog
     */
    static Catalog of(List<ToolSpec> tools, List<ResourceEntry> resources, List<PromptSpec> prompts) {
        List<ToolSpec> t = List.copyOf(tools);
        List<ResourceEntry> r = List.copyOf(resources);
        List<PromptSpec> p = List.copyOf(prompts);
        return new Catalog() {
            @Override
            public List<ToolSpec> tools() {
                return t;
            }

            @Override
            public List<ResourceEntry> resources() {
                return r;
            }

            @Override
            public List<PromptSpec> prompts() {
                return p;
            }
        };
    }
}
