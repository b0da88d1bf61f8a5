package io.beammcp.core.internal.skills;

import io.beammcp.core.Binding;
import io.beammcp.core.ResourceBinding;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.Revision;
import io.beammcp.core.extension.ExtensionMethod;
import io.beammcp.core.extension.ExtensionRequest;
import io.beammcp.core.extension.McpExtension;
import io.beammcp.core.spi.McpAccessPolicy;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The Skills extension ({@code io.modelcontextprotocol/skills}, SEP-2640) on the extension API, over skills
 * compiled once at startup: advertised in both revisions (clients declare nothing), with {@code directoryRead}
 * when {@code resources/directory/read} is served; {@code skills/list} (paged by {@code SKILL.md} URI, one whole
 * entry an item) and {@code skills/get}, both with cache hints; every file a resource of the catalog, read with
 * {@code resources/read}. The access policy decides per skill ({@link McpAccessPolicy.Kind#SKILL}): a hidden
 * skill is left out of the list, unknown to {@code skills/get} and directory reads, and its files to the
 * resource list and reads. Without a skill the extension is not served at all.
 */
public final class SkillsExtension implements McpExtension {

    public static final String ID = "io.modelcontextprotocol/skills";

    private final SkillSet skills;
    private final boolean directoryRead;
    private final Duration ttl;
    private final String scope;
    private final SortedMap<String, ObjectNode> entries;
    private final List<Binding> files = new ArrayList<>();

    /**
     * @param directoryRead whether {@code resources/directory/read} is served and advertised
     * @param ttl how long a 2026-07-28 client may reuse a {@code skills/list} or {@code skills/get} result
     * @param scope {@code "public"} or {@code "private"}
     */
    public SkillsExtension(SkillSet skills, boolean directoryRead, Duration ttl, String scope) {
        this.skills = skills;
        this.directoryRead = directoryRead;
        this.ttl = ttl;
        this.scope = scope;
        SortedMap<String, ObjectNode> byUri = new TreeMap<>();
        skills.skills().forEach((uri, skill) -> byUri.put(uri, skill.entry()));
        this.entries = Collections.unmodifiableSortedMap(byUri);
        for (Skill skill : skills.skills().values()) {
            for (SkillNode node : skill.nodes().values()) {
                if (node instanceof SkillNode.File file) {
                    files.add(binding(file));
                }
            }
        }
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Map<String, Object> settings(Revision revision) {
        if (skills.isEmpty()) {
            return null;
        }
        // the settings object sits directly under the id (SEP-2133): no envelope
        return directoryRead ? Map.of("directoryRead", true) : Map.of();
    }

    @Override
    public List<ExtensionMethod> methods() {
        List<ExtensionMethod> methods = new ArrayList<>(List.of(
                ExtensionMethod.of("skills/list", this::list).cached(ttl, scope),
                ExtensionMethod.of("skills/get", this::get).cached(ttl, scope)));
        if (directoryRead) {
            methods.add(ExtensionMethod.of("resources/directory/read", this::directory));
        }
        return methods;
    }

    @Override
    public List<Binding> bindings() {
        return files;
    }

    /** The URI of the {@code SKILL.md} of the skill whose file or directory a URI names, or {@code null}. */
    public String skillOf(String uri) {
        SkillSet.Located located = skills.locate(uri);
        return located == null ? null : located.skill().uri();
    }

    private ObjectNode list(ExtensionRequest request) {
        return request.page("skills", entries, uri -> request.sees(McpAccessPolicy.Kind.SKILL, uri));
    }

    private ObjectNode get(ExtensionRequest request) {
        return SkillsWire.get(skills, request.params(), visible(request));
    }

    private ObjectNode directory(ExtensionRequest request) {
        // a file the policy hides is left out, as from resources/list
        return request.page("resources", SkillsWire.directory(skills, request.params(), visible(request)),
                uri -> request.sees(McpAccessPolicy.Kind.RESOURCE, uri));
    }

    private static Predicate<Skill> visible(ExtensionRequest request) {
        return skill -> request.sees(McpAccessPolicy.Kind.SKILL, skill.uri());
    }

    /** A file as a resource: {@code SKILL.md} named and described by its frontmatter, any other by its base name. */
    private static ResourceBinding binding(SkillNode.File file) {
        ObjectNode resource = file.resource();
        ResourceSpec.Builder spec = ResourceSpec.builder(file.uri(), resource.get("name").stringValue())
                .mimeType(file.mimeType());
        JsonNode description = resource.get("description");
        if (description != null) {
            spec.description(description.stringValue());
        }
        if (!file.dynamic()) {
            spec.size(file.size());
        }
        return ResourceBinding.of(spec.build(), (uri, context) -> SkillsWire.read(file));
    }
}
