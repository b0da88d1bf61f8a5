package io.beammcp.core.internal.protocol;

import io.beammcp.core.Revision;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What one revision negotiated by {@code initialize} defines of what the server sends, read from that
 * revision's published schema: the members of each kind of object, the content blocks, and the features
 * whose messages exist. A session's results and notifications are shaped by it once ({@link ResultShaper});
 * 2025-11-25 defines everything the session path sends, so its messages go out as built.
 */
public final class RevisionShape {

    /** What a revision may or may not have, beyond the members of its objects. */
    public enum Feature {
        /** The {@code completions} server capability (the method itself exists since 2024-11-05). */
        COMPLETIONS,
        /** {@code message} in {@code notifications/progress}. */
        PROGRESS_MESSAGE,
        /** JSON-RPC batches (2025-03-26 only). */
        BATCHES,
        /** {@code elicitation/create} in its form mode. */
        ELICITATION
    }

    /** The kinds of object shaping walks; {@link #BLOCK} is a content block of any type. */
    public enum Item {
        TOOL, TOOL_ANNOTATIONS, RESOURCE, TEMPLATE, ANNOTATIONS, PROMPT, ARGUMENT, MESSAGE, CALL_RESULT, CONTENTS,
        BLOCK, TEXT, IMAGE, AUDIO, EMBEDDED, LINK;

        /** The kind of the value under {@code member}, or {@code null} when the value is kept as it is. */
        public Item nested(String member) {
            return switch (member) {
                case "annotations" -> this == TOOL ? TOOL_ANNOTATIONS : ANNOTATIONS;
                case "arguments" -> this == PROMPT ? ARGUMENT : null;
                case "content" -> this == CALL_RESULT || this == MESSAGE ? BLOCK : null;
                case "resource" -> this == EMBEDDED ? CONTENTS : null;
                default -> null;
            };
        }

        /** The kind of a content block of {@code type}, or {@code null} for a type no revision defines. */
        public static Item block(String type) {
            return switch (type) {
                case "text" -> TEXT;
                case "image" -> IMAGE;
                case "audio" -> AUDIO;
                case "resource" -> EMBEDDED;
                case "resource_link" -> LINK;
                default -> null;
            };
        }
    }

    public static final RevisionShape V2024_11_05 = new RevisionShape("2024-11-05", EnumSet.noneOf(Feature.class),
            new EnumMap<>(Item.class))
            .add(Item.TOOL, "name", "description", "inputSchema")
            .add(Item.RESOURCE, "uri", "name", "description", "mimeType", "size", "annotations")
            .add(Item.TEMPLATE, "uriTemplate", "name", "description", "mimeType", "annotations")
            .add(Item.ANNOTATIONS, "audience", "priority")
            .add(Item.PROMPT, "name", "description", "arguments")
            .add(Item.ARGUMENT, "name", "description", "required")
            .add(Item.MESSAGE, "role", "content")
            .add(Item.CALL_RESULT, "content", "isError", "_meta")
            .add(Item.CONTENTS, "uri", "mimeType", "text", "blob")
            .add(Item.TEXT, "type", "text", "annotations")
            .add(Item.IMAGE, "type", "data", "mimeType", "annotations")
            .add(Item.EMBEDDED, "type", "resource", "annotations");

    public static final RevisionShape V2025_03_26 = V2024_11_05.next("2025-03-26",
            EnumSet.of(Feature.COMPLETIONS, Feature.PROGRESS_MESSAGE, Feature.BATCHES))
            .add(Item.TOOL, "annotations")
            .add(Item.TOOL_ANNOTATIONS, "title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
            .add(Item.AUDIO, "type", "data", "mimeType", "annotations");

    public static final RevisionShape V2025_06_18 = V2025_03_26.next("2025-06-18",
            EnumSet.of(Feature.COMPLETIONS, Feature.PROGRESS_MESSAGE, Feature.ELICITATION))
            .add(Item.TOOL, "title", "outputSchema", "_meta")
            .add(Item.RESOURCE, "title", "_meta")
            .add(Item.TEMPLATE, "title", "_meta")
            .add(Item.ANNOTATIONS, "lastModified")
            .add(Item.PROMPT, "title", "_meta")
            .add(Item.ARGUMENT, "title")
            .add(Item.CALL_RESULT, "structuredContent")
            .add(Item.CONTENTS, "_meta")
            .add(Item.TEXT, "_meta")
            .add(Item.IMAGE, "_meta")
            .add(Item.AUDIO, "_meta")
            .add(Item.EMBEDDED, "_meta")
            .add(Item.LINK, "type", "uri", "name", "title", "description", "mimeType", "size", "annotations", "_meta");

    /** The revision whose messages the session path builds: nothing is shaped. */
    public static final RevisionShape V2025_11_25 = new RevisionShape(Revision.V2025_11_25.id(),
            EnumSet.of(Feature.COMPLETIONS, Feature.PROGRESS_MESSAGE, Feature.ELICITATION), null);

    private static final List<RevisionShape> ALL = List.of(V2024_11_05, V2025_03_26, V2025_06_18, V2025_11_25);
    /** The ids of the revisions a session may negotiate: whose traffic is the session path's. */
    static final Set<String> IDS = ALL.stream().map(shape -> shape.id).collect(Collectors.toUnmodifiableSet());

    private final String id;
    private final Set<Feature> features;
    /** {@code null} for the revision sent as built. */
    private final Map<Item, Set<String>> members;

    private RevisionShape(String id, Set<Feature> features, Map<Item, Set<String>> members) {
        this.id = id;
        this.features = features;
        this.members = members;
    }

    /** The revision {@code initialize} answers: the one asked for when the server speaks it, else 2025-11-25. */
    public static RevisionShape negotiate(String requested) {
        for (RevisionShape shape : ALL) {
            if (shape.id.equals(requested)) {
                return shape;
            }
        }
        return V2025_11_25;
    }

    /** The revision's identifier on the wire. */
    public String id() {
        return id;
    }

    /** Whether messages are sent as built: nothing the session path sends is undefined in this revision. */
    public boolean asBuilt() {
        return members == null;
    }

    public boolean has(Feature feature) {
        return features.contains(feature);
    }

    /** The members an object of {@code kind} has in this revision; {@code null} when it has no such object. */
    public Set<String> members(Item kind) {
        return members == null ? null : members.get(kind);
    }

    /**
     * The capabilities a client declared, as this revision defines them: elicitation only from 2025-06-18
     * (then form mode only), sampling without the sub-capabilities and tasks that 2025-11-25 added.
     */
    public Map<String, Object> clientCapabilities(Map<String, Object> declared) {
        if (asBuilt()) {
            return declared;
        }
        Map<String, Object> defined = new LinkedHashMap<>(declared);
        defined.remove("tasks");
        defined.computeIfPresent("sampling", (name, value) -> Map.of());
        if (has(Feature.ELICITATION)) {
            defined.computeIfPresent("elicitation", (name, value) -> Map.of());
        } else {
            defined.remove("elicitation");
        }
        return defined;
    }

    private RevisionShape next(String nextId, Set<Feature> nextFeatures) {
        Map<Item, Set<String>> copy = new EnumMap<>(Item.class);
        members.forEach((kind, names) -> copy.put(kind, new LinkedHashSet<>(names)));
        return new RevisionShape(nextId, nextFeatures, copy);
    }

    private RevisionShape add(Item kind, String... names) {
        members.computeIfAbsent(kind, k -> new LinkedHashSet<>()).addAll(List.of(names));
        return this;
    }
}
