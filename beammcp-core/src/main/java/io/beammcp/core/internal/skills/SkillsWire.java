package io.beammcp.core.internal.skills;

import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.internal.protocol.McpError;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.util.Base64;
import java.util.SortedMap;
import java.util.function.Predicate;

/**
 * The answers of the Skills methods over a compiled {@link SkillSet}, as the members of a result the engine
 * then shapes for its revision ({@code resultType}, {@code ttlMs}, {@code cacheScope} are not added here), and
 * the contents of a skill's file. Each takes the caller's view of the skills: a skill it does not see is unknown
 * to it, with exactly the error of a skill that does not exist. URIs are looked up exactly as sent, so no
 * spelling reaches outside a skill's directory.
 */
final class SkillsWire {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SkillsWire() {
    }

    /** {@code skills/get}: {@code {"skill": <entry>}}; {@code -32602} unless {@code params.uri} is the SKILL.md URI of a skill the caller sees. */
    static ObjectNode get(SkillSet skills, JsonNode params, Predicate<Skill> visible) {
        String uri = uri(params);
        Skill skill = skills.skill(uri);
        if (skill == null || !visible.test(skill)) {
            throw invalid("No skill is served at " + uri, uri);
        }
        ObjectNode result = NODES.objectNode();
        result.set("skill", skill.entry());
        return result;
    }

    /**
     * {@code resources/directory/read}: the direct children of a skill directory by URI, to page with the
     * list's cursors; {@code -32602} for a URI that is not a directory of a skill the caller sees (a file
     * included).
     */
    static SortedMap<String, ObjectNode> directory(SkillSet skills, JsonNode params, Predicate<Skill> visible) {
        String uri = uri(params);
        SkillSet.Located located = skills.locate(uri);
        if (located == null || !visible.test(located.skill())) {
            throw invalid("No directory resource at " + uri, uri);
        }
        if (!(located.node() instanceof SkillNode.Directory directory)) {
            throw invalid(uri + " is not a directory resource", uri);
        }
        return directory.children();
    }

    /**
     * A file's contents as {@code resources/read} serves them: the text (or, for bytes that are not UTF-8, the
     * blob) whose bytes the digest covers, compiled once; a dynamic skill's file is read now, within the limit.
     */
    static ReadResult read(SkillNode.File file) throws IOException {
        if (!file.dynamic()) {
            JsonNode text = file.content().get("text");
            return ReadResult.of(text != null ? ResourceContents.text(file.uri(), file.mimeType(), text.stringValue())
                    : ResourceContents.blob(file.uri(), file.mimeType(),
                            Base64.getDecoder().decode(file.content().get("blob").stringValue())));
        }
        byte[] bytes = SkillCompiler.read(file.live(), SkillCompiler.MAX_BYTES, file.uri());
        if (bytes.length > SkillCompiler.MAX_BYTES) {
            throw new IOException(file.uri() + " holds more than " + SkillCompiler.MAX_BYTES + " bytes");
        }
        String text = SkillCompiler.utf8(bytes);
        return ReadResult.of(text != null ? ResourceContents.text(file.uri(), file.mimeType(), text)
                : ResourceContents.blob(file.uri(), file.mimeType(), bytes));
    }

    private static String uri(JsonNode params) {
        JsonNode uri = params == null ? null : params.get("uri");
        if (uri == null || !uri.isString()) {
            throw McpError.invalidParams("Invalid params: uri must be a string");
        }
        return uri.stringValue();
    }

    private static McpError invalid(String message, String uri) {
        return new McpError(McpError.INVALID_PARAMS, message, NODES.objectNode().put("uri", uri));
    }
}
