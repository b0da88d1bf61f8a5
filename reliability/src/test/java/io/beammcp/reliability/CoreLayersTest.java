package io.beammcp.reliability;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.library.Architectures;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The core's packages in their layers, top to bottom: the facade; the engine and the scanning of annotated beans;
 * the features (the Tasks and Skills extensions among them); calls, streams and input; the compiled catalog, sessions, access and limits; the protocol; JSON
 * and stdio framing; and at the bottom the host API, the SPI and the extension API, which import nothing internal. A package may use
 * its own layer and those below it, never one above, and no packages form a cycle.
 */
class CoreLayersTest {

    private static final String CORE = "io.beammcp.core";
    private static final JavaClasses CORE_CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importLocations(Set.of(Location.of(codeOf(io.beammcp.core.server.McpServer.class))));

    private static java.net.URI codeOf(Class<?> type) {
        try {
            return type.getProtectionDomain().getCodeSource().getLocation().toURI();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String internal(String name) {
        return CORE + ".internal." + name + "..";
    }

    @Test
    void theCoresPackagesKeepToTheirLayers() {
        Architectures.layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Facade").definedBy(CORE + ".server..")
                .layer("Engine").definedBy(internal("engine"), internal("annotated"))
                .layer("Features").definedBy(internal("tools"), internal("resources"), internal("prompts"),
                        internal("completion"), internal("tasks"), internal("skills"))
                .layer("Calls").definedBy(internal("call"), internal("streams"), internal("input"))
                .layer("Catalog").definedBy(internal("catalog"), internal("session"), internal("access"),
                        internal("limits"))
                .layer("Protocol").definedBy(internal("protocol"))
                .layer("Json").definedBy(internal("json"), internal("stdio"))
                .layer("Api").definedBy(CORE, CORE + ".annotation..", CORE + ".catalog..", CORE + ".tasks..",
                        CORE + ".spi..", CORE + ".extension..")
                .whereLayer("Facade").mayNotBeAccessedByAnyLayer()
                .whereLayer("Engine").mayOnlyBeAccessedByLayers("Facade")
                .whereLayer("Features").mayOnlyBeAccessedByLayers("Facade", "Engine")
                .whereLayer("Calls").mayOnlyBeAccessedByLayers("Facade", "Engine", "Features")
                .whereLayer("Catalog").mayOnlyBeAccessedByLayers("Facade", "Engine", "Features", "Calls")
                .whereLayer("Protocol").mayOnlyBeAccessedByLayers("Facade", "Engine", "Features", "Calls", "Catalog")
                .whereLayer("Json").mayOnlyBeAccessedByLayers("Facade", "Engine", "Features", "Calls", "Catalog",
                        "Protocol")
                .because("a package that imports from a layer above it ties the request path into a knot")
                .check(CORE_CLASSES);
    }

    @Test
    void theCoresPackagesFormNoCycle() {
        slices().matching("io.beammcp.(**)").should().beFreeOfCycles().check(CORE_CLASSES);
    }

    @Test
    void anInternalClassIsPublicOnlyWhenAnotherPackageUsesIt() {
        List<String> needlesslyPublic = new ArrayList<>();
        for (JavaClass type : CORE_CLASSES) {
            if (!type.getPackageName().startsWith(CORE + ".internal") || type.isNestedClass()
                    || !type.getModifiers().contains(JavaModifier.PUBLIC)) {
                continue;
            }
            boolean usedElsewhere = type.getDirectDependenciesToSelf().stream()
                    .anyMatch(d -> !d.getOriginClass().getPackageName().equals(type.getPackageName()))
                    || type.getAccessesToSelf().stream()
                    .anyMatch(a -> !a.getOriginOwner().getPackageName().equals(type.getPackageName()));
            // a constant is copied into the classes that use it, so its users do not show in the bytecode
            boolean constants = type.getFields().stream().anyMatch(f -> f.getModifiers().containsAll(
                    Set.of(JavaModifier.PUBLIC, JavaModifier.STATIC, JavaModifier.FINAL))
                    && (f.getRawType().isPrimitive() || f.getRawType().isEquivalentTo(String.class)));
            if (!usedElsewhere && !constants) {
                needlesslyPublic.add(type.getName());
            }
        }
        assertThat(needlesslyPublic).as("internal classes no other package uses: make them package-private")
                .isEmpty();
    }

    @Test
    void noMainSourceFileIsOver400Lines() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Set<String> tooLong = new TreeSet<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                return name.equals("target") || name.equals("node_modules") || name.startsWith(".")
                        && !dir.equals(root) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                String path = root.relativize(file).toString().replace('\\', '/');
                if (path.endsWith(".java") && path.contains("/src/main/java/")) {
                    long lines;
                    try (Stream<String> text = Files.lines(file)) {
                        lines = text.count();
                    }
                    if (lines > 400) {
                        tooLong.add(path + " (" + lines + " lines)");
                    }
                }
                return FileVisitResult.CONTINUE;
            }
        });
        assertThat(tooLong).as("main source files over 400 lines: split them by what they do").isEmpty();
    }
}
