package io.beammcp.core.internal.skills;

import tools.jackson.databind.node.ObjectNode;

import java.util.SortedMap;

/** A file or a directory of a compiled skill, addressed by its {@code skill://} URI. */
sealed interface SkillNode {

    String uri();

    /** The node as a {@code Resource} of a directory listing (uri, name, mimeType, and a file's size). */
    ObjectNode resource();

    /**
     * A file. A static one carries its digest, size and {@code resources/read} content item, computed once at
     * startup from the bytes it serves; a file of a dynamic skill carries none of them and is read at each read.
     */
    record File(String uri, String mimeType, long size, String digest, ObjectNode content, SkillSource.Opener live,
            ObjectNode resource) implements SkillNode {

        public boolean dynamic() {
            return live != null;
        }
    }

    /** A directory (the skill's root included, whose URI has no trailing slash) and its direct children by URI. */
    record Directory(String uri, ObjectNode resource, SortedMap<String, ObjectNode> children) implements SkillNode {
    }
}
