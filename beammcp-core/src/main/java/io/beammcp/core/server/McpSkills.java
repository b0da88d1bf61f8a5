package io.beammcp.core.server;

import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.SkillBinding;
import io.beammcp.core.extension.McpExtension;
import io.beammcp.core.internal.protocol.CacheHints;
import io.beammcp.core.internal.skills.SkillSet;
import io.beammcp.core.internal.skills.SkillSource;
import io.beammcp.core.internal.skills.SkillSources;
import io.beammcp.core.internal.skills.SkillsExtension;

import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Builds the Skills extension ({@code io.modelcontextprotocol/skills}, SEP-2640) to give to
 * {@link McpServerBuilder#extension}: the skills of folders (a directory holding {@code SKILL.md} and any files
 * beside it) and those the application builds, served with {@code skills/list}, {@code skills/get},
 * {@code resources/read} under {@code skill://<path>/...} and {@code resources/directory/read}. {@link #build()}
 * reads every skill once and refuses, naming the file, what clients could not use.
 */
public final class McpSkills {

    private final List<SkillSource> sources = new ArrayList<>();
    private boolean directoryRead = true;
    private CacheHints cache = CacheHints.NONE;

    /**
     * Adds the skill in a folder named by a URL, as a class loader or a resource resolver gives it: a
     * {@code file:} directory or a folder of a jar; its skill path is the folder's name.
     *
     * @param folder the folder holding {@code SKILL.md}
     * @return this builder
     */
    public McpSkills folder(URL folder) {
        sources.add(SkillSources.at(null, Objects.requireNonNull(folder, "folder")));
        return this;
    }

    /**
     * Adds the skill in a directory of the file system; its skill path is the directory's name. Links are
     * followed only where they stay inside it.
     *
     * @param directory the directory holding {@code SKILL.md}
     * @return this builder
     */
    public McpSkills directory(Path directory) {
        sources.add(SkillSources.directory(Objects.requireNonNull(directory, "directory")));
        return this;
    }

    /**
     * Adds a skill the application built.
     *
     * @param skill the skill
     * @return this builder
     */
    public McpSkills add(SkillBinding skill) {
        sources.add(SkillSources.built(skill.path(), skill.files(), skill.dynamic()));
        return this;
    }

    /**
     * Sets whether {@code resources/directory/read} is served (and {@code directoryRead: true} advertised).
     *
     * @param served {@code true} by default
     * @return this builder
     */
    public McpSkills directoryRead(boolean served) {
        this.directoryRead = served;
        return this;
    }

    /**
     * Sets the caching hints of {@code skills/list} and {@code skills/get} results (2026-07-28).
     *
     * @param ttl how long a client may reuse one (default zero)
     * @param scope {@code "public"} or {@code "private"} (default)
     * @return this builder
     */
    public McpSkills cache(Duration ttl, String scope) {
        this.cache = CacheHints.of(ttl, scope);
        return this;
    }

    /**
     * Whether no skill was added: the extension built is then not served.
     *
     * @return {@code true} without skills
     */
    public boolean isEmpty() {
        return sources.isEmpty();
    }

    /**
     * Reads and compiles every skill.
     *
     * @return the extension
     * @throws InvalidCatalogException naming the file of a skill clients could not use, or both sources of a
     *         skill path served twice
     */
    public McpExtension build() {
        return new SkillsExtension(SkillSet.compile(sources), directoryRead, Duration.ofMillis(cache.ttlMs()),
                cache.scope());
    }
}
