package io.beammcp.core.internal.skills;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Set;

/**
 * Where one skill's files come from: a directory, a folder of the class path (in a directory or a jar), or
 * files an application builds ({@link SkillSources} makes each). A source only lists; {@link SkillCompiler}
 * reads, checks and snapshots what it lists, once, at startup.
 */
public interface SkillSource {

    /** How to read one file: at startup, or at each read for the files of a dynamic skill. */
    @FunctionalInterface
    interface Opener {

        InputStream open() throws IOException;
    }

    /**
     * What a source holds: its files keyed by their path under the skill's root ({@code /}-separated, no
     * leading {@code /}), and its directories keyed the same way (the empty ones at least). Closing it releases
     * what listing opened, such as a jar.
     */
    record Listing(Map<String, Opener> files, Set<String> directories, Closeable onClose) implements Closeable {

        public Listing {
            files = Map.copyOf(files);
            directories = Set.copyOf(directories);
        }

        @Override
        public void close() throws IOException {
            if (onClose != null) {
                onClose.close();
            }
        }
    }

    /** The skill path in its URIs: the directory's name, or a prefix and that name ({@code acme/billing/refunds}). */
    String skillPath();

    /** Where a file of the skill lives, for the message of a startup refusal: a path, a class path URL. */
    String location(String relativePath);

    /**
     * Whether the files other than {@code SKILL.md} are read at each read rather than once at startup; the
     * skill's entry then lists {@code "resources": "dynamic"} instead of digests.
     */
    default boolean dynamic() {
        return false;
    }

    /**
     * Lists the files. A source stops listing past {@link SkillCompiler#MAX_FILES} files or directories, so
     * a wrong root never walks a whole disk.
     */
    Listing list() throws IOException;
}
