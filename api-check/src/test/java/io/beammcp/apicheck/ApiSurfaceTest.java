package io.beammcp.apicheck;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The public surface of each module a host depends on, compared with its recorded file in this module: a
 * change of public API fails the build until the file changes with it, so every such change shows in review.
 * Internal packages are left out: nothing outside the core may use them (an architecture rule).
 * {@code -Dbeammcp.api.update=true} rewrites the files from the compiled code.
 */
class ApiSurfaceTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @ParameterizedTest
    @ValueSource(strings = {"beammcp-core", "beammcp-spring-boot-autoconfigure", "beammcp-test", "beammcp-tasks-jdbc",
            "beammcp-cluster-jdbc"})
    void thePublicSurfaceIsTheRecordedOne(String module) throws IOException {
        Path classes = ROOT.resolve(module).resolve("target/classes");
        assertThat(classes).as("%s is compiled", module).isDirectory();
        String surface = surface(new ClassFileImporter().importPath(classes));
        Path recorded = Path.of(module + ".api").toAbsolutePath();
        if (Boolean.getBoolean("beammcp.api.update")) {
            Files.createDirectories(recorded.getParent());
            Files.writeString(recorded, surface, StandardCharsets.UTF_8);
        }
        assertThat(recorded).as("api-check/%s.api exists", module).exists();
        assertThat(surface)
                .as("The public API of %s differs from api-check/%s.api. If the change is meant, record it: "
                        + "./mvnw -B -pl api-check -am verify -Dtest=ApiSurfaceTest -Dbeammcp.api.update=true "
                        + "-Dsurefire.failIfNoSpecifiedTests=false", module, module)
                .isEqualTo(Files.readString(recorded, StandardCharsets.UTF_8));
    }

    /** Every public type outside internal packages, with its public (and, when extensible, protected) members. */
    static String surface(Iterable<JavaClass> classes) {
        List<JavaClass> types = new ArrayList<>();
        for (JavaClass type : classes) {
            if (exported(type)) {
                types.add(type);
            }
        }
        types.sort(Comparator.comparing(JavaClass::getName));
        StringBuilder out = new StringBuilder();
        for (JavaClass type : types) {
            out.append(header(type)).append(" {\n");
            boolean extensible = !type.getModifiers().contains(JavaModifier.FINAL) && !type.isEnum() && !type.isRecord();
            List<String> members = new ArrayList<>();
            for (JavaField field : type.getFields()) {
                if (visible(field.getModifiers(), extensible) && !field.getModifiers().contains(JavaModifier.SYNTHETIC)) {
                    members.add(modifiers(field.getModifiers()) + field.getType().getName() + " " + field.getName());
                }
            }
            for (JavaCodeUnit unit : type.getCodeUnits()) {
                Set<JavaModifier> modifiers = unit.getModifiers();
                if (!visible(modifiers, extensible) || modifiers.contains(JavaModifier.SYNTHETIC)
                        || modifiers.contains(JavaModifier.BRIDGE) || unit.getName().equals("<clinit>")) {
                    continue;
                }
                if (type.isRecord() && implicitInRecords(unit)) {
                    continue;
                }
                String parameters = unit.getParameterTypes().stream().map(JavaType::getName)
                        .collect(Collectors.joining(", "));
                String name = unit.isConstructor() ? type.getSimpleName()
                        : unit.getReturnType().getName() + " " + unit.getName();
                Set<JavaModifier> shown = type.isInterface() ? without(modifiers, JavaModifier.ABSTRACT) : modifiers;
                members.add(modifiers(shown) + name + "(" + parameters + ")");
            }
            members.stream().sorted().forEach(member -> out.append("  ").append(member).append('\n'));
            out.append("}\n\n");
        }
        return out.toString();
    }

    /** {@code equals}, {@code hashCode} and {@code toString}, which every record has. */
    private static boolean implicitInRecords(JavaCodeUnit unit) {
        return switch (unit.getName()) {
            case "equals" -> unit.getRawParameterTypes().size() == 1;
            case "hashCode", "toString" -> unit.getRawParameterTypes().isEmpty();
            default -> false;
        };
    }

    private static Set<JavaModifier> without(Set<JavaModifier> modifiers, JavaModifier left) {
        return modifiers.stream().filter(m -> m != left).collect(Collectors.toSet());
    }

    private static boolean exported(JavaClass type) {
        if (type.getPackageName().contains(".internal") || type.isAnonymousClass() || type.isLocalClass()) {
            return false;
        }
        // a nested type is public only when every type around it is
        for (JavaClass t = type; t != null; t = t.getEnclosingClass().orElse(null)) {
            if (!t.getModifiers().contains(JavaModifier.PUBLIC)) {
                return false;
            }
        }
        return true;
    }

    private static boolean visible(Set<JavaModifier> modifiers, boolean extensible) {
        return modifiers.contains(JavaModifier.PUBLIC) || (extensible && modifiers.contains(JavaModifier.PROTECTED));
    }

    private static String header(JavaClass type) {
        Set<JavaModifier> modifiers = type.getModifiers();
        String kind = type.isAnnotation() ? "@interface" : type.isInterface() ? "interface"
                : type.isEnum() ? "enum" : type.isRecord() ? "record" : "class";
        Set<JavaModifier> shown = modifiers.stream()
                .filter(m -> !(type.isInterface() && m == JavaModifier.ABSTRACT))
                .filter(m -> !((type.isEnum() || type.isRecord()) && (m == JavaModifier.FINAL || m == JavaModifier.STATIC)))
                .collect(Collectors.toSet());
        StringBuilder header = new StringBuilder(modifiers(shown)).append(kind).append(' ').append(type.getName());
        type.getRawSuperclass()
                .filter(s -> !s.getName().equals("java.lang.Object") && !s.getName().equals("java.lang.Enum")
                        && !s.getName().equals("java.lang.Record"))
                .ifPresent(s -> header.append(" extends ").append(s.getName()));
        List<String> interfaces = type.getRawInterfaces().stream().map(JavaClass::getName)
                .filter(name -> !name.equals("java.lang.annotation.Annotation")).sorted().toList();
        if (!interfaces.isEmpty()) {
            header.append(type.isInterface() ? " extends " : " implements ").append(String.join(", ", interfaces));
        }
        return header.toString();
    }

    private static String modifiers(Set<JavaModifier> modifiers) {
        StringBuilder out = new StringBuilder();
        for (JavaModifier m : List.of(JavaModifier.PUBLIC, JavaModifier.PROTECTED, JavaModifier.STATIC,
                JavaModifier.ABSTRACT, JavaModifier.FINAL)) {
            if (modifiers.contains(m)) {
                out.append(m.name().toLowerCase()).append(' ');
            }
        }
        return out.toString();
    }
}
