package io.beammcp.core.internal.skills;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Skill trees the tests build: on disk, or as a map for a built source. */
final class SkillTrees {

    static final String PDF_SKILL_MD = """
            ---
            name: pdf-processing
            description: Extract, fill, and assemble PDF documents
            license: Apache-2.0
            metadata:
              version: "2.1.0"
            ---
            # PDF processing

            Use [the invoice template](templates/invoice.md).
            """;

    /** A 1x1 PNG: bytes that are not UTF-8, so they are served as a blob. */
    static final byte[] PNG = java.util.Base64.getDecoder().decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");

    private SkillTrees() {
    }

    /** A skill the application built, its files fixed. */
    static SkillSource built(String path, Map<String, byte[]> files) {
        return SkillSources.built(path, io.beammcp.core.SkillBinding.of(path, files).files(), false);
    }

    /** A skill the application built whose files other than SKILL.md are asked for at each read. */
    static SkillSource dynamic(String path, Map<String, java.util.function.Supplier<byte[]>> files) {
        return SkillSources.built(path, files, true);
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static String skillMd(String name) {
        return "---\nname: " + name + "\ndescription: The " + name + " skill\n---\nBody of " + name + ".\n";
    }

    /** pdf-processing: SKILL.md, templates/invoice.md, templates/regional/eu-invoice.md, assets/logo.png. */
    static Map<String, byte[]> pdfFiles() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("SKILL.md", utf8(PDF_SKILL_MD));
        files.put("templates/invoice.md", utf8("# Invoice\n"));
        files.put("templates/regional/eu-invoice.md", utf8("# EU invoice — TVA\n"));
        files.put("assets/logo.png", PNG);
        return files;
    }

    static Path write(Path root, Map<String, byte[]> files) throws IOException {
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            Path path = root.resolve(file.getKey());
            Files.createDirectories(path.getParent());
            Files.write(path, file.getValue());
        }
        return root;
    }
}
