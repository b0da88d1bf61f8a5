package io.beammcp.core.internal.skills;

import io.beammcp.core.InvalidCatalogException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A skill in a file-system directory. Links are followed only where they stay inside the directory: a link
 * that leads out of it, a loop or an entry that is neither a file nor a directory refuses startup, naming it.
 */
final class DirectorySource implements SkillSource {

    private final String skillPath;
    private final Path root;

    DirectorySource(String skillPath, Path root) {
        this.skillPath = skillPath;
        this.root = root.toAbsolutePath().normalize();
    }

    @Override
    public String skillPath() {
        return skillPath;
    }

    @Override
    public String location(String relativePath) {
        return relativePath.isEmpty() ? root.toString() : root.resolve(relativePath).toString();
    }

    @Override
    public Listing list() throws IOException {
        if (!Files.isDirectory(root)) {
            throw new InvalidCatalogException("Skill directory " + root + " does not exist or is not a directory");
        }
        Path realRoot = root.toRealPath();
        Map<String, Opener> files = new HashMap<>();
        Set<String> directories = new HashSet<>();
        try (Stream<Path> walk = Files.walk(root, FileVisitOption.FOLLOW_LINKS)) {
            Iterator<Path> paths = walk.iterator();
            while (paths.hasNext() && files.size() <= SkillCompiler.MAX_FILES
                    && directories.size() <= SkillCompiler.MAX_DIRECTORIES) {
                Path path = paths.next();
                if (path.equals(root)) {
                    continue;
                }
                String relative = relative(path);
                Path real = realPath(path);
                if (!real.startsWith(realRoot)) {
                    throw new InvalidCatalogException("Skill file " + path + " is a link to " + real
                            + ", outside the skill directory " + root);
                }
                if (Files.isDirectory(real)) {
                    directories.add(relative);
                } else if (Files.isRegularFile(real)) {
                    files.put(relative, () -> Files.newInputStream(real));
                } else {
                    throw new InvalidCatalogException("Skill file " + path + " is neither a file nor a directory");
                }
            }
        } catch (UncheckedIOException e) {
            // a loop of links, or an entry that vanished or cannot be read while walking
            throw new InvalidCatalogException("Skill directory " + root + " cannot be walked: "
                    + e.getCause().getClass().getSimpleName() + " at " + SkillCompiler.pathOf(e.getCause()));
        }
        return new Listing(files, directories, null);
    }

    private Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            throw new InvalidCatalogException("Skill file " + path + " is a link that leads nowhere");
        }
    }

    private String relative(Path path) {
        StringBuilder out = new StringBuilder();
        for (Path name : root.relativize(path)) {
            if (out.length() > 0) {
                out.append('/');
            }
            out.append(name);
        }
        return out.toString();
    }
}
