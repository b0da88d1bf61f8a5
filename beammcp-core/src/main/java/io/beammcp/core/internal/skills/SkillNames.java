package io.beammcp.core.internal.skills;

import io.beammcp.core.InvalidCatalogException;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * The rules for a skill's names and paths, and how a file's path becomes the path of its {@code skill://} URI.
 * Every segment is checked where it enters (a source's listing, an application's map), so no name that could
 * climb out of the skill's directory or mean two things ({@code ..}, a backslash, a NUL) ever gets a URI.
 */
final class SkillNames {

    /** A skill name (Agent Skills): 1–64 lowercase letters, digits and hyphens, no hyphen first, last or doubled. */
    private static final Pattern NAME = Pattern.compile("(?!.*--)[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?");
    /** A segment before the name: RFC 3986 unreserved characters, so the first one is a valid URI authority. */
    private static final Pattern PREFIX_SEGMENT = Pattern.compile("[A-Za-z0-9._~-]+");
    private static final String PCHAR_SAFE = "-._~!$&'()*+,;=:@";

    private SkillNames() {
    }

    static boolean isName(String name) {
        return NAME.matcher(name).matches();
    }

    /** The name a skill path ends in, after checking every segment; refuses startup naming {@code location}. */
    static String checkSkillPath(String skillPath, String location) {
        if (skillPath == null || skillPath.isEmpty()) {
            throw new InvalidCatalogException(location + ": the skill has no path");
        }
        String[] segments = skillPath.split("/", -1);
        for (int i = 0; i < segments.length - 1; i++) {
            String segment = segments[i];
            if (!PREFIX_SEGMENT.matcher(segment).matches() || segment.equals(".") || segment.equals("..")) {
                throw new InvalidCatalogException(location + ": the skill path " + skillPath + " has a prefix segment '"
                        + segment + "' that is not letters, digits and -._~");
            }
        }
        String name = segments[segments.length - 1];
        if (!isName(name)) {
            throw new InvalidCatalogException(location + ": the skill's directory name '" + name + "' breaks the naming"
                    + " rules: 1-64 lowercase letters, digits and hyphens, no hyphen first, last or doubled");
        }
        return name;
    }

    /** Refuses a file path that is absolute, empty, has an empty, {@code .} or {@code ..} segment, a backslash or a control character. */
    static void checkFilePath(String path, String location) {
        if (path.isEmpty() || path.startsWith("/")) {
            throw new InvalidCatalogException(location + ": a file path must be relative to the skill's directory");
        }
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw new InvalidCatalogException(location + ": the file path has an empty, . or .. segment");
            }
        }
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '\\' || c < 0x20 || c == 0x7F) {
                throw new InvalidCatalogException(location + ": the file path holds a backslash or a control character");
            }
        }
    }

    /** A checked file path as a URI path: each segment percent-encoded (UTF-8) where it is not a URI path character. */
    static String uriPath(String path) {
        StringBuilder out = new StringBuilder(path.length());
        for (byte b : path.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (c == '/' || (c < 0x80 && (Character.isLetterOrDigit(c) || PCHAR_SAFE.indexOf(c) >= 0))) {
                out.append((char) c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            }
        }
        return out.toString();
    }

    /** The last segment of a path. */
    static String baseName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
