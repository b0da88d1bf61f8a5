package io.beammcp.core.internal.skills;

import io.beammcp.core.InvalidCatalogException;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;

/**
 * A skill in a folder of a jar, named by its class path URL: {@code jar:file:/app.jar!/mcp/skills/x}, or a
 * Spring Boot executable jar's {@code jar:nested:/app.jar/!BOOT-INF/classes/!/mcp/skills/x} (a folder of the
 * outer jar) and {@code jar:nested:/app.jar/!BOOT-INF/lib/lib.jar!/mcp/skills/x} (a jar inside it, read into
 * memory while listing, within the skill limits). Entries are read from the jar file itself, never through
 * a URL connection.
 */
final class JarSource implements SkillSource {

    private final String skillPath;
    private final String url;
    private final Path jar;
    private final String nestedJar;
    private final String prefix;

    JarSource(String skillPath, String url) {
        this.skillPath = skillPath;
        this.url = url;
        int bang = url.lastIndexOf("!/");
        if (!url.startsWith("jar:") || bang < 0) {
            throw new InvalidCatalogException("Skill location " + url + " is not a jar: URL");
        }
        String folder = decode(url.substring(bang + 2));
        String inner = url.substring("jar:".length(), bang);
        String within = "";
        if (inner.startsWith("nested:")) {
            int split = inner.indexOf("/!");
            this.jar = Path.of(decode(split < 0 ? inner.substring(7) : inner.substring(7, split)));
            within = split < 0 ? "" : decode(inner.substring(split + 2));
        } else if (inner.startsWith("file:")) {
            int split = inner.indexOf("!/");
            this.jar = Path.of(URI.create(split < 0 ? inner : inner.substring(0, split)));
            within = split < 0 ? "" : decode(inner.substring(split + 2));
        } else {
            throw new InvalidCatalogException("Skill location " + url + " is in a jar this server cannot open");
        }
        boolean folderOfJar = within.isEmpty() || within.endsWith("/");
        this.nestedJar = folderOfJar ? null : within;
        String base = folderOfJar ? within : "";
        this.prefix = base + (folder.isEmpty() || folder.endsWith("/") ? folder : folder + "/");
    }

    @Override
    public String skillPath() {
        return skillPath;
    }

    @Override
    public String location(String relativePath) {
        return relativePath.isEmpty() ? url : url + "/" + relativePath;
    }

    @Override
    public Listing list() throws IOException {
        Map<String, Opener> files = new HashMap<>();
        Set<String> directories = new HashSet<>();
        ZipFile zip = new ZipFile(jar.toFile());
        try {
            if (nestedJar == null) {
                Enumeration<? extends ZipEntry> entries = zip.entries();
                while (entries.hasMoreElements() && within(files, directories)) {
                    ZipEntry entry = entries.nextElement();
                    add(entry, () -> zip.getInputStream(entry), files, directories);
                }
                return new Listing(files, directories, zip);
            }
            ZipEntry outer = zip.getEntry(nestedJar);
            if (outer == null) {
                throw new InvalidCatalogException("Skill location " + url + ": " + nestedJar + " is not in " + jar);
            }
            readNested(zip.getInputStream(outer), files, directories);
            zip.close();
            return new Listing(files, directories, null);
        } catch (IOException | RuntimeException e) {
            zip.close();
            throw e;
        }
    }

    /** A jar inside the jar can only be streamed, so its skill's files are read here, within the size limit. */
    private void readNested(InputStream in, Map<String, Opener> files, Set<String> directories) throws IOException {
        long total = 0;
        try (ZipInputStream nested = new ZipInputStream(in)) {
            for (ZipEntry entry = nested.getNextEntry(); entry != null && within(files, directories);
                    entry = nested.getNextEntry()) {
                if (!entry.getName().startsWith(prefix) || entry.isDirectory()) {
                    add(entry, null, files, directories);
                    continue;
                }
                byte[] bytes = nested.readNBytes((int) Math.min(Integer.MAX_VALUE - 8,
                        SkillCompiler.MAX_BYTES - total + 1));
                total += bytes.length;
                if (total > SkillCompiler.MAX_BYTES) {
                    throw new InvalidCatalogException("Skill " + url + " holds more than "
                            + SkillCompiler.MAX_BYTES + " bytes (16 MiB)");
                }
                add(entry, () -> new ByteArrayInputStream(bytes), files, directories);
            }
        }
    }

    private static boolean within(Map<String, Opener> files, Set<String> directories) {
        return files.size() <= SkillCompiler.MAX_FILES && directories.size() <= SkillCompiler.MAX_DIRECTORIES;
    }

    private void add(ZipEntry entry, Opener opener, Map<String, Opener> files, Set<String> directories) {
        String name = entry.getName();
        if (!name.startsWith(prefix) || name.length() == prefix.length()) {
            return;
        }
        String relative = name.substring(prefix.length());
        if (entry.isDirectory()) {
            directories.add(relative.substring(0, relative.length() - 1));
        } else {
            files.put(relative, opener);
        }
    }

    /** Percent-escapes of a URL, decoded; a {@code +} stays itself, as in a path. */
    static String decode(String part) {
        return URLDecoder.decode(part.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
