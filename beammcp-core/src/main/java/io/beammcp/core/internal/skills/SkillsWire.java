package io.beammcp.core.internal.skills;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.util.Base64;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The results of the Skills methods over a compiled {@link SkillSet}, as the members of a result the engine
 * then shapes for its revision ({@code resultType}, {@code ttlMs}, {@code cacheScope} are not added here),
 * or a {@link SkillsException}. Each takes the caller's view of the skills: a skill it does not see is
 * unknown to it, with exactly the error of a skill that does not exist.
 */
public final class SkillsWire {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SkillsWire() {
    }

    /** A {@code skills/list} item: the skill's entry ({@code uri}, {@code frontmatter}, {@code resources}). */
    public static ObjectNode entry(Skill skill) {
        return skill.entry();
    }

    /** The {@code resources/list} item of a skill's {@code SKILL.md}: its frontmatter name and description, {@code text/markdown}. */
    public static ObjectNode listedResource(Skill skill) {
        return skill.nodes().get(skill.uri()).resource();
    }

    /** {@code skills/get}: {@code {"skill": <entry>}}; {@code -32602} unless {@code params.uri} is the SKILL.md URI of a skill the caller sees. */
    public static ObjectNode get(SkillSet skills, JsonNode params, Predicate<Skill> visible) {
        String uri = uri(params);
        Skill skill = skills.skill(uri);
        if (skill == null || !visible.test(skill)) {
            throw SkillsException.invalidParams("No skill is served at " + uri, uri);
        }
        ObjectNode result = NODES.objectNode();
        result.set("skill", skill.entry());
        return result;
    }

    /** Whether a URI names a file or directory of a skill the caller sees: one {@link #read} answers. */
    public static boolean serves(SkillSet skills, String uri, Predicate<Skill> visible) {
        SkillSet.Located located = skills.locate(uri);
        return located != null && visible.test(located.skill());
    }

    /**
     * {@code resources/read} of a skill file: {@code {"contents": [<one item>]}}, the item's {@code text} (or,
     * for bytes that are not UTF-8, {@code blob}) being the bytes the digest covers. A directory is
     * {@code -32602}; a URI no visible skill serves is {@linkplain SkillsException#notFound() not found}.
     */
    public static ObjectNode read(SkillSet skills, String uri, Predicate<Skill> visible) {
        SkillSet.Located located = skills.locate(uri);
        if (located == null || !visible.test(located.skill())) {
            throw SkillsException.notFound(uri);
        }
        if (!(located.node() instanceof SkillNode.File file)) {
            throw SkillsException.invalidParams(uri + " is a directory resource: list it with resources/directory/read",
                    uri);
        }
        ObjectNode result = NODES.objectNode();
        result.putArray("contents").add(file.dynamic() ? readNow(file) : file.content());
        return result;
    }

    /**
     * {@code resources/directory/read}: the direct children of a skill directory by URI, to page with the
     * list's cursors; {@code -32602} for a URI that is not a directory of a skill the caller sees (a file
     * included).
     */
    public static Map<String, ObjectNode> directory(SkillSet skills, JsonNode params, Predicate<Skill> visible) {
        String uri = uri(params);
        SkillSet.Located located = skills.locate(uri);
        if (located == null || !visible.test(located.skill())) {
            throw SkillsException.invalidParams("No directory resource at " + uri, uri);
        }
        if (!(located.node() instanceof SkillNode.Directory directory)) {
            throw SkillsException.invalidParams(uri + " is not a directory resource", uri);
        }
        return directory.children();
    }

    private static String uri(JsonNode params) {
        JsonNode uri = params == null ? null : params.get("uri");
        if (uri == null || !uri.isString()) {
            throw SkillsException.invalidParams("Invalid params: uri must be a string", null);
        }
        return uri.stringValue();
    }

    /** A file of a dynamic skill, read now within the size limit; a failure is the server's, never the caller's. */
    private static ObjectNode readNow(SkillNode.File file) {
        byte[] bytes;
        try {
            bytes = SkillCompiler.read(file.live(), SkillCompiler.MAX_BYTES, file.uri());
        } catch (IOException | RuntimeException e) {
            throw SkillsException.internal(file.uri(), e);
        }
        if (bytes.length > SkillCompiler.MAX_BYTES) {
            throw SkillsException.internal(file.uri(), null);
        }
        ObjectNode content = NODES.objectNode().put("uri", file.uri()).put("mimeType", file.mimeType());
        String text = SkillCompiler.utf8(bytes);
        if (text != null) {
            content.put("text", text);
        } else {
            content.put("blob", Base64.getEncoder().encodeToString(bytes));
        }
        return content;
    }
}
