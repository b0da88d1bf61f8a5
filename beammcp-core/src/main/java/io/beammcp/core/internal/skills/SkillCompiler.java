package io.beammcp.core.internal.skills;

import io.beammcp.core.InvalidCatalogException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads a skill's source once and compiles it into an immutable {@link Skill}, refusing startup (an
 * {@link InvalidCatalogException} naming the file) for what clients could not use: no {@code SKILL.md}, a
 * {@code SKILL.md} without frontmatter or without a {@code name} and {@code description}, a name that breaks
 * the naming rules or differs from the skill's directory, more than 512 files or more than 16 MiB.
 */
final class SkillCompiler {

    static final String SKILL_MD = "SKILL.md";
    /** Files per skill, {@code SKILL.md} included, that every host must accept (Skills extension, Limits). */
    static final int MAX_FILES = 512;
    /** Bytes per skill, summed over its files, that every host must accept (Skills extension, Limits). */
    static final long MAX_BYTES = 16L * 1024 * 1024;
    /** Directories per skill: the walk stops there, so a wrong root never lists a whole disk. */
    static final int MAX_DIRECTORIES = 512;
    static final String SCHEME = "skill://";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SkillCompiler() {
    }

    static Skill compile(SkillSource source) {
        String location = source.location("");
        String name = SkillNames.checkSkillPath(source.skillPath(), location);
        try (SkillSource.Listing listing = source.list()) {
            return compile(source, name, listing);
        } catch (IOException e) {
            throw SkillSources.refusal("Skill " + location + " cannot be read (" + e.getClass().getSimpleName()
                    + " at " + pathOf(e) + ")", e);
        }
    }

    private static Skill compile(SkillSource source, String name, SkillSource.Listing listing) throws IOException {
        String location = source.location("");
        if (listing.files().size() > MAX_FILES) {
            throw new InvalidCatalogException("Skill " + location + " has more than " + MAX_FILES + " files");
        }
        if (listing.directories().size() > MAX_DIRECTORIES) {
            throw new InvalidCatalogException("Skill " + location + " has more than " + MAX_DIRECTORIES
                    + " directories");
        }
        TreeSet<String> directories = new TreeSet<>();
        directories.add("");
        for (String directory : listing.directories()) {
            SkillNames.checkFilePath(directory, source.location(directory));
            directories.add(directory);
        }
        Map<String, SkillSource.Opener> files = new TreeMap<>(listing.files());
        for (String path : files.keySet()) {
            SkillNames.checkFilePath(path, source.location(path));
            for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
                directories.add(path.substring(0, slash));
            }
        }
        for (String directory : directories) {
            if (files.containsKey(directory)) {
                throw new InvalidCatalogException(source.location(directory) + " is both a file and a directory");
            }
        }
        if (!files.containsKey(SKILL_MD)) {
            throw new InvalidCatalogException("Skill " + location + " has no " + SKILL_MD + " file at its root");
        }
        String skillMdLocation = source.location(SKILL_MD);
        byte[] skillMd = read(files.get(SKILL_MD), MAX_BYTES, location);
        String text = utf8(skillMd);
        if (text == null) {
            throw new InvalidCatalogException(skillMdLocation + " is not UTF-8 text");
        }
        ObjectNode frontmatter = Frontmatter.parse(text, skillMdLocation);
        checkFrontmatter(frontmatter, name, skillMdLocation);

        String root = SCHEME + source.skillPath();
        String uri = root + "/" + SKILL_MD;
        boolean dynamic = source.dynamic();
        ArrayNode manifest = NODES.arrayNode();
        Map<String, SkillNode> nodes = new LinkedHashMap<>();
        long total = 0;
        for (Map.Entry<String, SkillSource.Opener> file : files.entrySet()) {
            String path = file.getKey();
            String fileUri = root + "/" + SkillNames.uriPath(path);
            SkillNode.File node;
            if (dynamic && !path.equals(SKILL_MD)) {
                ObjectNode resource = resource(fileUri, SkillNames.baseName(path),
                        MimeTypes.of(SkillNames.baseName(path), null));
                node = new SkillNode.File(fileUri, resource.get("mimeType").stringValue(), -1, null, null,
                        file.getValue(), resource);
            } else {
                byte[] bytes = path.equals(SKILL_MD) ? skillMd : read(file.getValue(), MAX_BYTES - total, location);
                total += bytes.length;
                if (total > MAX_BYTES) {
                    throw new InvalidCatalogException("Skill " + location + " holds more than " + MAX_BYTES
                            + " bytes (16 MiB) in its files");
                }
                node = staticFile(fileUri, path, bytes, frontmatter);
                manifest.add(NODES.objectNode().put("uri", fileUri).put("digest", node.digest())
                        .put("size", node.size()));
            }
            nodes.put(fileUri, node);
        }
        for (String directory : directories.descendingSet()) {
            String dirUri = directory.isEmpty() ? root : root + "/" + SkillNames.uriPath(directory);
            SortedMap<String, ObjectNode> children = new TreeMap<>();
            String prefix = dirUri + "/";
            for (SkillNode node : nodes.values()) {
                if (node.uri().startsWith(prefix) && node.uri().indexOf('/', prefix.length()) < 0) {
                    children.put(node.uri(), node.resource());
                }
            }
            String label = directory.isEmpty() ? name : SkillNames.baseName(directory);
            nodes.put(dirUri, new SkillNode.Directory(dirUri, resource(dirUri, label, MimeTypes.DIRECTORY),
                    Collections.unmodifiableSortedMap(children)));
        }
        ObjectNode entry = NODES.objectNode().put("uri", uri);
        entry.set("frontmatter", frontmatter);
        if (dynamic) {
            entry.put("resources", "dynamic");
        } else {
            entry.set("resources", manifest);
        }
        return new Skill(source.skillPath(), name, uri, root, frontmatter, dynamic, entry, Map.copyOf(nodes),
                location);
    }

    private static void checkFrontmatter(ObjectNode frontmatter, String directoryName, String location) {
        for (String field : new String[] {"name", "description"}) {
            JsonNode value = frontmatter.get(field);
            if (value == null || !value.isString() || value.stringValue().isEmpty()) {
                throw new InvalidCatalogException(location + ": the frontmatter has no " + field + " (a non-empty string)");
            }
        }
        String name = frontmatter.get("name").stringValue();
        if (!SkillNames.isName(name)) {
            throw new InvalidCatalogException(location + ": the name '" + name + "' breaks the naming rules: 1-64"
                    + " lowercase letters, digits and hyphens, no hyphen first, last or doubled");
        }
        if (!name.equals(directoryName)) {
            throw new InvalidCatalogException(location + ": the name '" + name + "' differs from its directory '"
                    + directoryName + "'");
        }
    }

    private static SkillNode.File staticFile(String uri, String path, byte[] bytes, ObjectNode frontmatter) {
        String text = utf8(bytes);
        String mimeType = path.equals(SKILL_MD) ? MimeTypes.MARKDOWN
                : MimeTypes.of(SkillNames.baseName(path), text != null);
        ObjectNode content = NODES.objectNode().put("uri", uri).put("mimeType", mimeType);
        if (text != null) {
            content.put("text", text);
        } else {
            content.put("blob", Base64.getEncoder().encodeToString(bytes));
        }
        ObjectNode resource;
        if (path.equals(SKILL_MD)) {
            // the SKILL.md resource carries the frontmatter's name and description (Skills extension, Resource Metadata)
            resource = NODES.objectNode().put("uri", uri).put("name", frontmatter.get("name").stringValue())
                    .put("description", frontmatter.get("description").stringValue()).put("mimeType", mimeType);
        } else {
            resource = resource(uri, SkillNames.baseName(path), mimeType);
        }
        resource.put("size", bytes.length);
        return new SkillNode.File(uri, mimeType, bytes.length, digest(bytes), content, null, resource);
    }

    private static ObjectNode resource(String uri, String name, String mimeType) {
        return NODES.objectNode().put("uri", uri).put("name", name).put("mimeType", mimeType);
    }

    /** At most {@code limit} bytes of a file; one byte more tells that it is over. */
    static byte[] read(SkillSource.Opener opener, long limit, String location) throws IOException {
        try (InputStream in = opener.open()) {
            if (in == null) {
                throw new InvalidCatalogException("Skill " + location + " lists a file it cannot open");
            }
            return in.readNBytes((int) Math.min(Math.max(limit, 0) + 1, Integer.MAX_VALUE - 8));
        }
    }

    /** The bytes as text when they are well-formed UTF-8, else {@code null} (they are then served as a blob). */
    static String utf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** {@code sha256:} and the 64 lowercase hex digits of the SHA-256 of the bytes. */
    static String digest(byte[] bytes) {
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java platform has SHA-256", e);
        }
    }

    /** The file an I/O failure is about, read without its message (which may say anything). */
    static String pathOf(Throwable failure) {
        return failure instanceof FileSystemException fs && fs.getFile() != null ? fs.getFile() : "an unnamed file";
    }
}
