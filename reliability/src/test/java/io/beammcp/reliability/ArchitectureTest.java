package io.beammcp.reliability;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Structure checks over the library's main code (beammcp-core and beammcp-spring-boot-autoconfigure as
 * packaged, tests excluded).
 */
class ArchitectureTest {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importLocations(java.util.Set.of(
                    com.tngtech.archunit.core.importer.Location.of(codeOf(io.beammcp.core.server.McpServer.class)),
                    com.tngtech.archunit.core.importer.Location.of(codeOf(
                            io.beammcp.autoconfigure.http.McpAuthorizer.class))));

    /** Where a class was loaded from: the module's jar or its target/classes (never this module's tests). */
    private static java.net.URI codeOf(Class<?> type) {
        try {
            return type.getProtectionDomain().getCodeSource().getLocation().toURI();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theLibraryIsImported() {
        assertThat(MAIN.contain("io.beammcp.core.server.McpServer")).isTrue();
        assertThat(MAIN.contain("io.beammcp.autoconfigure.http.McpHttpController")).isTrue();
    }

    @Test
    void nothingOutsideTheCoreUsesItsInternalPackages() {
        ArchRule rule = noClasses().that().resideOutsideOfPackage("io.beammcp.core..")
                .should().dependOnClassesThat().resideInAPackage("io.beammcp.core.internal..")
                .because("the core's public API is io.beammcp.core and io.beammcp.core.server; the rest may change");
        rule.check(MAIN);
    }

    @Test
    void theCoreDependsOnNoSpringOrServletType() {
        ArchRule rule = noClasses().that().resideInAPackage("io.beammcp.core..")
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework..", "jakarta.servlet..",
                        "io.beammcp.autoconfigure..")
                .because("the core is plain Java; Spring lives in the autoconfigure module");
        rule.check(MAIN);
    }

    @Test
    void oneJsonReaderIsTheOnlyPlaceThatBuildsAJacksonMapperOrFactory() {
        DescribedPredicate<JavaCall<?>> buildsJackson = new DescribedPredicate<>(
                "constructs or builds a Jackson mapper, factory or read constraints") {
            @Override
            public boolean test(JavaCall<?> call) {
                String owner = call.getTarget().getOwner().getName();
                String name = call.getTarget().getName();
                boolean jackson = owner.matches("tools\\.jackson\\.(databind\\.(ObjectMapper|json\\.JsonMapper|cfg\\.MapperBuilder)"
                        + "|core\\.(json\\.JsonFactory|TokenStreamFactory|StreamReadConstraints|JsonFactory))(\\$.*)?")
                        || owner.startsWith("com.fasterxml.jackson.");
                return jackson && (name.equals("<init>") || name.equals("builder") || name.equals("shared")
                        || name.equals("rebuild") || owner.startsWith("com.fasterxml.jackson."));
            }
        };
        ArchRule rule = noClasses().that().doNotHaveFullyQualifiedName("io.beammcp.core.internal.json.JsonCodec")
                .should().callCodeUnitWhere(buildsJackson)
                .because("every input is read by the one bounded reader (size, nesting, duplicate keys, exact numbers)");
        rule.check(MAIN);
        ArchRule codecBuilds = classes().that().haveFullyQualifiedName("io.beammcp.core.internal.json.JsonCodec")
                .should().callCodeUnitWhere(buildsJackson);
        codecBuilds.check(MAIN);
    }

    @Test
    void noMainCodeOpensAnOutboundNetworkConnection() {
        ArchRule rule = noClasses().should().dependOnClassesThat().haveFullyQualifiedName("java.net.Socket")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.URLConnection")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.net.HttpURLConnection")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.nio.channels.SocketChannel")
                .orShould().dependOnClassesThat().resideInAnyPackage("java.net.http..", "org.springframework.web.client..",
                        "org.springframework.web.reactive.function.client..", "org.apache.hc..", "okhttp3..")
                .orShould().callMethodWhere(target(owner(nameMatching("java\\.net\\.URL"))).and(target(nameMatching(
                        "openConnection|openStream|getContent"))))
                .because("the server never fetches anything (remote $ref is refused, never loaded)");
        rule.check(MAIN);
    }

    /**
     * Where main code may read the message of a Throwable that is not the core's own McpError, and why it never
     * reaches the wire: the core's own refusals of the host's catalog at startup or on a change (they name the
     * culprit to the operator: a schema, a name claimed twice, an annotated method it cannot bind, where a
     * schema text is not JSON), and the failure analyzer that shows them.
     */
    private static final java.util.Set<String> MESSAGE_READERS = java.util.Set.of(
            "io.beammcp.core.internal.catalog.LiveCatalog.<init>",
            "io.beammcp.core.internal.catalog.LiveCatalog.changed",
            "io.beammcp.core.internal.catalog.CompiledTool.compile",
            "io.beammcp.core.internal.catalog.CompiledTemplate.matcher",
            "io.beammcp.core.internal.catalog.SchemaCompiler.compile",
            "io.beammcp.core.internal.json.JsonCodec.readDocument",
            "io.beammcp.core.internal.annotated.AnnotatedBeans.scan",
            "io.beammcp.core.internal.annotated.AnnotatedBeans.template",
            "io.beammcp.core.internal.annotated.FixedSource.of",
            "io.beammcp.autoconfigure.InvalidCatalogFailureAnalyzer.analyze");

    /**
     * The one place whose host exception text does reach the wire, and only of the two types whose message is
     * written for the client by contract: a refusal ({@code -32602}) and a tool error for the model.
     */
    private static final java.util.Map<String, String> WIRE_MESSAGE_READERS = java.util.Map.of(
            "io.beammcp.core.internal.call.HostFaults.refused", "io.beammcp.core.InvalidParamsException",
            "io.beammcp.core.internal.call.HostFaults.toolError", "io.beammcp.core.ToolErrorException");

    @Test
    void hostExceptionsAreNeverSerialised() {
        DescribedPredicate<JavaCall<?>> messageOfAForeignThrowable = new DescribedPredicate<>(
                "reads the message or text of a Throwable other than the core's own McpError, outside the reviewed places") {
            @Override
            public boolean test(JavaCall<?> call) {
                String site = call.getOrigin().getOwner().getName() + "." + call.getOrigin().getName();
                if (MESSAGE_READERS.contains(site)
                        || call.getTarget().getOwner().getName().equals(WIRE_MESSAGE_READERS.get(site))) {
                    return false;
                }
                String name = call.getTarget().getName();
                boolean text = name.equals("getMessage") || name.equals("getLocalizedMessage")
                        || name.equals("getOriginalMessage") || name.equals("printStackTrace")
                        || name.equals("getSuppressed");
                boolean throwable = call.getTarget().getOwner().isAssignableTo(Throwable.class);
                return text && throwable && !call.getTarget().getOwner().getName().equals("io.beammcp.core.internal.protocol.McpError");
            }
        };
        ArchRule noText = noClasses().should().callCodeUnitWhere(messageOfAForeignThrowable)
                .because("a host exception's message may quote request values; only the core's own errors have a message "
                        + "fit for the wire");
        noText.check(MAIN);
        ArchRule noTree = noClasses().should().callMethodWhere(target(nameMatching("valueToTree|writeValueAs.*|convertValue"))
                .and(target(owner(nameMatching("tools\\.jackson\\..*")))).and(new DescribedPredicate<>("with a Throwable argument") {
                    @Override
                    public boolean test(JavaCall<?> call) {
                        return call.getTarget().getRawParameterTypes().stream().anyMatch(t -> t.isAssignableTo(Throwable.class));
                    }
                }));
        noTree.check(MAIN);
        ArchRule errorsFromOnePlace = classes().that().areAssignableTo(Throwable.class).and()
                .resideInAPackage("io.beammcp.core..").should().haveSimpleNameEndingWith("Error")
                .orShould().haveSimpleNameEndingWith("Refusal").orShould().haveSimpleNameEndingWith("Exception")
                .orShould().beAnonymousClasses();
        errorsFromOnePlace.check(MAIN);
    }
}
