package io.beammcp.core.internal.annotated;

import com.fasterxml.classmate.ResolvedType;
import com.fasterxml.classmate.ResolvedTypeWithMembers;
import com.fasterxml.classmate.members.ResolvedField;
import com.github.victools.jsonschema.generator.CustomDefinition;
import com.github.victools.jsonschema.generator.FieldScope;
import com.github.victools.jsonschema.generator.MemberScope;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerationContext;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import com.github.victools.jsonschema.generator.TypeContext;
import com.github.victools.jsonschema.module.jackson.JacksonOption;
import com.github.victools.jsonschema.module.jackson.JacksonSchemaModule;
import io.beammcp.core.annotation.McpToolParam;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategy;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Field;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * JSON Schema 2020-12 derived from Java types with victools' generator and its Jackson and Jakarta Validation
 * modules: records and beans become objects that admit no other property, a property is required unless it
 * is an {@code Optional}, {@code @Nullable}, has a default or is marked not required, Jackson names and
 * descriptions are kept, and constraints ({@code @NotBlank}, {@code @Size}, {@code @Min}, {@code @Pattern},
 * {@code @Email}, ...) become keywords ({@link JakartaConstraints}). A method's parameters become one object
 * schema, each parameter a property, through the same module code as a record's fields. An input schema also
 * states the range of each Java number type ({@link NumberRanges}) and says each property's constraints in its
 * description ({@link ConstraintNotes}).
 */
final class SchemaDerivation {

    /** Where the parameters of the method being derived stand while the generator runs. */
    private static final class ParameterList {
        @SuppressWarnings("unused")
        private Object placeholder;
    }

    /** The constraints' API is the host's choice (jakarta.validation-api). */
    private static final boolean JAKARTA_VALIDATION = present("jakarta.validation.constraints.NotNull");

    private final JsonMapper mapper;
    private final SchemaGenerator generator;
    private List<Argument> arguments;
    /** Whether the schema being derived is an input schema: Java ranges and constraint notes go only there. */
    private boolean input;

    SchemaDerivation(JsonMapper mapper) {
        this.mapper = mapper;
        SchemaGeneratorConfigBuilder config = new SchemaGeneratorConfigBuilder(mapper, SchemaVersion.DRAFT_2020_12,
                OptionPreset.PLAIN_JSON)
                .with(new JacksonSchemaModule(JacksonOption.FLATTENED_ENUMS_FROM_JSONVALUE,
                        JacksonOption.FLATTENED_ENUMS_FROM_JSONPROPERTY, JacksonOption.RESPECT_JSONPROPERTY_ORDER))
                .with(Option.FORBIDDEN_ADDITIONAL_PROPERTIES_BY_DEFAULT, Option.MAP_VALUES_AS_ADDITIONAL_PROPERTIES)
                .without(Option.SCHEMA_VERSION_INDICATOR);
        if (JAKARTA_VALIDATION) {
            config.with(new JakartaConstraints());
        }
        NumberRanges.apply(config, () -> input);
        ConstraintNotes.apply(config, () -> input);
        // declaration order, as a reader of the record expects (the sort is stable)
        config.forTypesInGeneral().withPropertySorter((a, b) -> 0)
                .withCustomDefinitionProvider(this::parameterList);
        config.forFields().withRequiredCheck(SchemaDerivation::required)
                .withNullableCheck(field -> nullable(field) ? Boolean.TRUE : null)
                .withDescriptionResolver(field -> text(field.getAnnotation(McpToolParam.class), McpToolParam::description))
                .withDefaultResolver(field -> defaultOf(field))
                .withPropertyNameOverrideResolver(this::renamed);
        this.generator = new SchemaGenerator(config.build());
    }

    private static boolean present(String type) {
        try {
            Class.forName(type, false, SchemaDerivation.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The output schema of a type: a record or bean becomes an object schema. */
    synchronized ObjectNode output(Type type) {
        return generator.generateSchema(type);
    }

    /** The input schema of a type whose properties are the arguments. */
    synchronized ObjectNode input(Type type) {
        input = true;
        try {
            return generator.generateSchema(type);
        } finally {
            input = false;
        }
    }

    /** The input schema of a method's arguments: one property per argument, in order. */
    synchronized ObjectNode input(List<Argument> arguments) {
        this.arguments = arguments;
        input = true;
        try {
            return generator.generateSchema(ParameterList.class);
        } finally {
            this.arguments = null;
            input = false;
        }
    }

    private CustomDefinition parameterList(ResolvedType type, SchemaGenerationContext context) {
        if (type.getErasedType() != ParameterList.class || arguments == null) {
            return null;
        }
        TypeContext types = context.getTypeContext();
        ResolvedTypeWithMembers members = types.resolveWithMembers(type);
        Field placeholder = members.getMemberFields()[0].getRawMember();
        ObjectNode schema = context.getGeneratorConfig().createObjectNode().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = context.getGeneratorConfig().createArrayNode();
        for (Argument argument : arguments) {
            com.fasterxml.classmate.Annotations annotations = new com.fasterxml.classmate.Annotations();
            for (Annotation annotation : argument.annotations()) {
                annotations.add(annotation);
            }
            // the parameter seen as a field of a class: the modules then read its annotations as they read a field's
            ResolvedType declared = types.resolve(argument.type());
            boolean optional = isOptional(declared.getErasedType());
            ResolvedType value = optional ? optionalValue(declared, types) : declared;
            ResolvedField field = new ResolvedField(type, annotations, placeholder, value);
            FieldScope scope = types.createFieldScope(field, new MemberScope.DeclarationDetails(type, members));
            ObjectNode property = context.createStandardDefinitionReference(scope, null);
            // a field's nullability is applied where the generator collects a type's fields, which this is not
            // (the checks: @Nullable, and Jakarta's @Null)
            boolean nullable = optional || context.getGeneratorConfig().isNullable(scope);
            properties.set(argument.name(), nullable ? context.makeNullable(property) : property);
            if (argument.required()) {
                required.add(argument.name());
            }
        }
        if (!required.isEmpty()) {
            schema.set("required", required);
        }
        schema.put("additionalProperties", false);
        return new CustomDefinition(schema, CustomDefinition.DefinitionType.INLINE,
                CustomDefinition.AttributeInclusion.NO);
    }

    /** Required unless {@code Optional}, {@code @Nullable}, defaulted, or marked not required. */
    private static boolean required(FieldScope field) {
        McpToolParam param = field.getAnnotation(McpToolParam.class);
        if (param != null && (!param.required() || !param.defaultValue().isEmpty())) {
            return false;
        }
        return !isOptional(field.getDeclaredType().getErasedType()) && !nullable(field);
    }

    /** What an {@code Optional} holds: its type argument, or the primitive of {@code OptionalInt} and its kin. */
    private static ResolvedType optionalValue(ResolvedType declared, TypeContext types) {
        Class<?> erased = declared.getErasedType();
        if (erased == OptionalInt.class || erased == OptionalLong.class || erased == OptionalDouble.class) {
            return types.resolve(erased == OptionalInt.class ? int.class : erased == OptionalLong.class ? long.class
                    : double.class);
        }
        return declared.getTypeParameters().isEmpty() ? declared : declared.getTypeParameters().get(0);
    }

    static boolean isOptional(Class<?> type) {
        return type == Optional.class || type == OptionalInt.class || type == OptionalLong.class
                || type == OptionalDouble.class;
    }

    /** Any annotation named {@code Nullable} (JSpecify, Jakarta, Spring, JSR 305), on the field or its type. */
    private static boolean nullable(FieldScope field) {
        if (field.getMember().getAnnotations().asList().stream().anyMatch(SchemaDerivation::isNullable)) {
            return true;
        }
        Field raw = field.getRawMember();
        return raw.getDeclaringClass() != ParameterList.class && nullable(raw.getAnnotatedType());
    }

    static boolean nullable(AnnotatedElement element) {
        return Arrays.stream(element.getAnnotations()).anyMatch(SchemaDerivation::isNullable);
    }

    static boolean nullable(AnnotatedType type) {
        return Arrays.stream(type.getAnnotations()).anyMatch(SchemaDerivation::isNullable);
    }

    private static boolean isNullable(Annotation annotation) {
        return annotation.annotationType().getSimpleName().equals("Nullable");
    }

    private JsonNode defaultOf(FieldScope field) {
        McpToolParam param = field.getAnnotation(McpToolParam.class);
        if (param == null || param.defaultValue().isEmpty()) {
            return null;
        }
        return Defaults.parse(param.defaultValue(), field.getDeclaredType().getErasedType(), mapper);
    }

    /** The application's naming strategy, as the mapper that binds and writes the values applies it. */
    private String renamed(FieldScope field) {
        PropertyNamingStrategy strategy = mapper.serializationConfig().getPropertyNamingStrategy();
        return strategy == null ? null : strategy.nameForField(mapper.serializationConfig(), null, field.getName());
    }

    private static <A> String text(A annotation, java.util.function.Function<A, String> value) {
        if (annotation == null) {
            return null;
        }
        String text = value.apply(annotation);
        return text.isEmpty() ? null : text;
    }
}
