package io.beammcp.core;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A skill the application builds, served by the Skills extension beside the skills of folders: declare it as a
 * bean, or give it to {@code McpSkills.add}. Its {@code SKILL.md} is read once, at startup, and refused there
 * like a folder's (no frontmatter, a name that breaks the naming rules or differs from the path's last segment,
 * more than 512 files or 16 MiB).
 *
 * @param path the skill path in its {@code skill://} URIs: the skill's name, optionally under a prefix, such as
 *        {@code acme/billing/refunds}
 * @param files each file's bytes by its path under the skill's root ({@code SKILL.md}, {@code templates/a.md})
 * @param dynamic whether the files other than {@code SKILL.md} are asked for at each read; the skill's entry then
 *        lists {@code "resources": "dynamic"} instead of their digests
 */
public record SkillBinding(String path, Map<String, Supplier<byte[]>> files, boolean dynamic) {

    /** Checks that the path and files are given, and copies the files. */
    public SkillBinding {
        Objects.requireNonNull(path, "path");
        files = Map.copyOf(Objects.requireNonNull(files, "files"));
    }

    /**
     * A skill whose files are fixed: read once, at startup, with digests in its entry.
     *
     * @param path the skill path
     * @param files each file's bytes by its path
     * @return the skill
     */
    public static SkillBinding of(String path, Map<String, byte[]> files) {
        Map<String, Supplier<byte[]>> fixed = new LinkedHashMap<>();
        files.forEach((file, bytes) -> {
            byte[] copy = bytes.clone();
            fixed.put(file, () -> copy);
        });
        return new SkillBinding(path, fixed, false);
    }

    /**
     * A skill whose files other than {@code SKILL.md} change: each is asked for at each read.
     *
     * @param path the skill path
     * @param files what gives each file's bytes now, by its path
     * @return the skill
     */
    public static SkillBinding dynamic(String path, Map<String, Supplier<byte[]>> files) {
        return new SkillBinding(path, files, true);
    }
}
