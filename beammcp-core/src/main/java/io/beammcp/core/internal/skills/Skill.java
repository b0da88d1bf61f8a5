package io.beammcp.core.internal.skills;

import tools.jackson.databind.node.ObjectNode;

import java.util.Map;

/**
 * One compiled skill, immutable once built: its path and name, the URI of its {@code SKILL.md} (the skill's
 * identity on the wire), the frontmatter as JSON, its entry for {@code skills/list} and {@code skills/get},
 * and every file and directory by URI.
 *
 * @param path the skill path: {@code pdf-processing}, {@code acme/billing/refunds}
 * @param name the frontmatter {@code name}, equal to the last segment of the path
 * @param uri {@code skill://<path>/SKILL.md}
 * @param rootUri {@code skill://<path>}, the skill's root directory
 * @param frontmatter the frontmatter as JSON, every field as written
 * @param dynamic whether the entry lists {@code "resources": "dynamic"}
 * @param entry the {@code Skill} object of the wire: {@code uri}, {@code frontmatter}, {@code resources}
 * @param nodes every file and directory of the skill by URI, the root included
 * @param source where the skill comes from, for messages
 */
record Skill(String path, String name, String uri, String rootUri, ObjectNode frontmatter, boolean dynamic,
        ObjectNode entry, Map<String, SkillNode> nodes, String source) {

    /** The frontmatter {@code description}. */
    public String description() {
        return frontmatter.get("description").stringValue();
    }
}
