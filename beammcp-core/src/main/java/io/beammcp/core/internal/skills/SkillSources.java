package io.beammcp.core.internal.skills;

import io.beammcp.core.InvalidCatalogException;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Stream;

/** The ways to name a skill's files: a directory, a class path folder (in a directory or a jar), or files in memory. */
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
     * Every skill in a folder of the class path ({@code mcp/skills} for {@code classpath:/mcp/skills/*}/SKILL.md):
     * each folder directly inside it that holds a {@code SKILL.md}, in every directory and jar of the class path.
     */
    public static List<SkillSource> classpath(ClassLoader loader, String folder) {
        String relative = folder.startsWith("/") ? folder.substring(1) : folder;
        List<SkillSource> sources = new ArrayList<>();
        try {
            Enumeration<URL> roots = loader.getResources(relative);
            while (roots.hasMoreElements()) {
                URL root = roots.nextElement();
                String base = root.toExternalForm().endsWith("/") ? root.toExternalForm() : root.toExternalForm() + "/";
                for (String name : childSkills(root)) {
                    sources.add(at(null, new URL(base + name)));
                }
            }
        } catch (IOException e) {
            throw refusal("The class path folder " + folder + " cannot be listed", e);
        }
        return sources;
    }

    private static Set<String> childSkills(URL root) throws IOException {
        if (!root.getProtocol().equals("file")) {
            return new JarSource("", root.toExternalForm()).childSkills();
        }
        Set<String> names = new TreeSet<>();
        try (Stream<Path> children = Files.list(fileOf(root))) {
            children.filter(child -> Files.isRegularFile(child.resolve(SkillCompiler.SKILL_MD)))
                    .forEach(child -> names.add(child.getFileName().toString()));
        }
        return names;
    }

    /** A skill an application builds: its files by path ({@code SKILL.md}, {@code templates/a.md}), read once. */
    public static SkillSource of(String skillPath, Map<String, byte[]> files) {
        Map<String, SkillSource.Opener> openers = new HashMap<>();
        files.forEach((path, bytes) -> {
            byte[] copy = bytes.clone();
            openers.put(path, () -> new ByteArrayInputStream(copy));
        });
        return new Built(skillPath, openers, false);
    }

    /**
     * A skill an application builds whose files other than {@code SKILL.md} change: each is asked for at each
     * read, and the entry lists {@code "resources": "dynamic"}. {@code SKILL.md} is read once, so the entry's
     * frontmatter stays that of the file served.
     */
    public static SkillSource dynamic(String skillPath, Map<String, Supplier<byte[]>> files) {
        Map<String, SkillSource.Opener> openers = new HashMap<>();
        files.forEach((path, supplier) -> openers.put(path, () -> {
            byte[] bytes = supplier.get();
            if (bytes == null) {
                throw new IOException("the application gave no content");
            }
            return new ByteArrayInputStream(bytes);
        }));
        return new Built(skillPath, openers, true);
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
