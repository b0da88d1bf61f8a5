package io.beammcp.core.internal.skills;

import io.beammcp.core.InvalidCatalogException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The skills a server serves, compiled once at startup and immutable: each skill by the URI of its
 * {@code SKILL.md} (the key its list pages by, so one entry is one item and never split), and every file and
 * directory by URI. Requests only look URIs up here, exactly as sent: nothing is resolved against a file
 * system at request time, so no URI reaches outside a skill's directory.
 */
public final class SkillSet {

    /** A node and the skill it belongs to, whose visibility decides whether a caller may see the node. */
    record Located(Skill skill, SkillNode node) {
    }

    private final Map<String, Skill> skills;
    private final Map<String, Located> nodes;

    private SkillSet(Map<String, Skill> skills, Map<String, Located> nodes) {
        this.skills = skills;
        this.nodes = nodes;
    }

    /** Reads and compiles every source; refuses startup on the first that is refused, or on two that overlap. */
    public static SkillSet compile(List<SkillSource> sources) {
        List<Skill> skills = new ArrayList<>(sources.size());
        for (SkillSource source : sources) {
            skills.add(SkillCompiler.compile(source));
        }
        return of(skills);
    }

    /**
     * The set of compiled skills. Two skills at one path, or one inside another's directory, are refused: a
     * URI would then name two files.
     */
    static SkillSet of(List<Skill> skills) {
        Map<String, Skill> byPath = new HashMap<>();
        for (Skill skill : skills) {
            Skill other = byPath.putIfAbsent(skill.path(), skill);
            if (other != null) {
                throw new InvalidCatalogException("Skill " + skill.path() + " is served twice: by " + other.source()
                        + " and by " + skill.source());
            }
        }
        Map<String, Skill> byUri = new HashMap<>();
        Map<String, Located> nodes = new HashMap<>();
        for (Skill skill : skills) {
            String path = skill.path();
            for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
                Skill outer = byPath.get(path.substring(0, slash));
                if (outer != null) {
                    throw new InvalidCatalogException("Skill " + skill.source() + " is inside the directory of skill "
                            + outer.source() + ": serve one of them");
                }
            }
            byUri.put(skill.uri(), skill);
            skill.nodes().forEach((uri, node) -> nodes.put(uri, new Located(skill, node)));
        }
        return new SkillSet(Map.copyOf(byUri), Map.copyOf(nodes));
    }

    public boolean isEmpty() {
        return skills.isEmpty();
    }

    /** Every skill by the URI of its {@code SKILL.md}: page it by key, one skill an item. */
    Map<String, Skill> skills() {
        return skills;
    }

    /** The skill whose {@code SKILL.md} has this URI, or {@code null}. */
    Skill skill(String uri) {
        return skills.get(uri);
    }

    /** The file or directory a URI names exactly, with its skill, or {@code null}. */
    Located locate(String uri) {
        return nodes.get(uri);
    }
}
