package io.beammcp.core.internal.skills;

import io.beammcp.core.InvalidCatalogException;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/** The ways to name a skill's files: a directory, a folder a URL names (in a directory or a jar), or files an application builds. */
public final class SkillSources {

    private SkillSources() {
    }

    /** The skill in a directory; its skill path is the directory's name. */
    public static SkillSource directory(Path root) {
        return directory(null, root);
    }

    /** The skill in a directory, under a prefix: skill path {@code <prefix>/<directory name>}. */
    public static SkillSource directory(String prefix, Path root) {
        Path name = root.toAbsolutePath().normalize().getFileName();
        return new DirectorySource(join(prefix, name == null ? "" : name.toString()), root);
    }

    /**
     * The skill in the folder a URL names, as a class loader or a resource resolver gives it: a {@code file:}
     * directory or a folder of a jar ({@code jar:}); its skill path is the folder's name, under an optional prefix.
     */
    public static SkillSource at(String prefix, URL folder) {
        String url = folder.toExternalForm();
        while (url.endsWith("/")) {
            url = url.substring(0, url.length() - 1);
        }
        String name = JarSource.decode(url.substring(url.lastIndexOf('/') + 1));
        if (url.startsWith("file:")) {
            return new DirectorySource(join(prefix, name), fileOf(folder));
        }
        return new JarSource(join(prefix, name), url);
    }

    /**
     * A skill an application builds: its files by path ({@code SKILL.md}, {@code templates/a.md}), each asked for
     * when read: once at startup, or (but {@code SKILL.md}, so the entry's frontmatter stays that of the file
     * served) at each read for a dynamic skill, whose entry lists {@code "resources": "dynamic"}.
     */
    public static SkillSource built(String skillPath, Map<String, Supplier<byte[]>> files, boolean dynamic) {
        Map<String, SkillSource.Opener> openers = new HashMap<>();
        files.forEach((path, supplier) -> openers.put(path, () -> {
            byte[] bytes = supplier.get();
            if (bytes == null) {
                throw new IOException("the application gave no content");
            }
            return new ByteArrayInputStream(bytes);
        }));
        return new Built(skillPath, openers, dynamic);
    }

    private record Built(String skillPath, Map<String, SkillSource.Opener> files, boolean dynamic)
            implements SkillSource {

        @Override
        public String location(String relativePath) {
            return (relativePath.isEmpty() ? skillPath : skillPath + "/" + relativePath) + " (built by the application)";
        }

        @Override
        public Listing list() {
            return new Listing(files, Set.of(), null);
        }
    }

    private static Path fileOf(URL url) {
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw refusal("Skill location " + url + " is not a file path", e);
        }
    }

    private static String join(String prefix, String name) {
        return prefix == null || prefix.isEmpty() ? name : prefix + "/" + name;
    }

    static InvalidCatalogException refusal(String message, Throwable cause) {
        InvalidCatalogException refusal = new InvalidCatalogException(message);
        refusal.initCause(cause);
        return refusal;
    }
}
