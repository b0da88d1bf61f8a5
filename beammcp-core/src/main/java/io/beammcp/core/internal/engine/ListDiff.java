package io.beammcp.core.internal.engine;

import io.beammcp.core.PromptSpec;
import io.beammcp.core.ResourceEntry;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ResourceTemplateSpec;
import io.beammcp.core.internal.access.Access;
import io.beammcp.core.internal.catalog.CompiledTool;
import io.beammcp.core.internal.catalog.Paged;
import io.beammcp.core.spi.McpAccessPolicy;

import java.security.Principal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one reported change of a list changed: the entries added, removed or changed, matched by name and
 * compared by their specs (records, so equal values are the same entry), each with the kind a policy
 * decides it as. A caller who sees none of them is not told of the change.
 *
 * @param changed the entries that differ between the two lists
 */
record ListDiff(List<Entry> changed) {

    /** One entry as a policy names it. */
    record Entry(McpAccessPolicy.Kind kind, String name) {
    }

    static ListDiff tools(Paged<CompiledTool> before, Paged<CompiledTool> after) {
        return between(tools(before), tools(after));
    }

    static ListDiff prompts(List<PromptSpec> before, List<PromptSpec> after) {
        return between(prompts(before), prompts(after));
    }

    static ListDiff resources(List<ResourceEntry> before, List<ResourceEntry> after) {
        return between(resources(before), resources(after));
    }

    /** Whether the caller sees at least one entry that changed. */
    boolean concerns(Principal principal, Access access) {
        for (Entry entry : changed) {
            if (access.sees(principal, entry.kind(), entry.name())) {
                return true;
            }
        }
        return false;
    }

    boolean isEmpty() {
        return changed.isEmpty();
    }

    private static ListDiff between(Map<Entry, Object> before, Map<Entry, Object> after) {
        List<Entry> changed = new ArrayList<>();
        before.forEach((entry, spec) -> {
            if (!Objects.equals(spec, after.get(entry))) {
                changed.add(entry);
            }
        });
        after.keySet().forEach(entry -> {
            if (!before.containsKey(entry)) {
                changed.add(entry);
            }
        });
        return new ListDiff(List.copyOf(changed));
    }

    private static Map<Entry, Object> tools(Paged<CompiledTool> tools) {
        Map<Entry, Object> byName = new HashMap<>();
        tools.all().forEach(tool -> byName.put(new Entry(McpAccessPolicy.Kind.TOOL, tool.name()), tool.spec()));
        return byName;
    }

    private static Map<Entry, Object> prompts(List<PromptSpec> prompts) {
        Map<Entry, Object> byName = new HashMap<>();
        prompts.forEach(spec -> byName.put(new Entry(McpAccessPolicy.Kind.PROMPT, spec.name()), spec));
        return byName;
    }

    private static Map<Entry, Object> resources(List<ResourceEntry> entries) {
        Map<Entry, Object> byName = new HashMap<>();
        for (ResourceEntry entry : entries) {
            if (entry instanceof ResourceSpec spec) {
                byName.put(new Entry(McpAccessPolicy.Kind.RESOURCE, spec.uri()), spec);
            } else if (entry instanceof ResourceTemplateSpec spec) {
                byName.put(new Entry(McpAccessPolicy.Kind.RESOURCE_TEMPLATE, spec.uriTemplate()), spec);
            }
        }
        return byName;
    }
}
