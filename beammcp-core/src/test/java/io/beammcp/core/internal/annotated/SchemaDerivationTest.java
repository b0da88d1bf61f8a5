package io.beammcp.core.internal.annotated;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.beammcp.core.CallContext;
import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.annotation.McpToolParam;
import io.beammcp.core.internal.catalog.SchemaCompiler;
import io.beammcp.core.internal.host.Contribution;
import io.beammcp.core.internal.json.JsonCodec;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The input schema each Java signature produces, exactly; each one is also a valid JSON Schema 2020-12
 * document (the server's compiler checks it against the meta-schema).
 */
class SchemaDerivationTest {

    enum Transport { TRAIN, CAR }

    /** Renamed as Jackson reads and writes it. */
    enum Unit {
        @JsonProperty("celsius") CELSIUS,
        @JsonProperty("fahrenheit") FAHRENHEIT
    }

    record Place(String city, @Nullable String country) {
    }

    record Trip(Place from, Place to) {
    }

    record Renamed(@JsonProperty("first_name") String firstName, @JsonPropertyDescription("Shown to the model") int age) {
    }

    record Constrained(@NotBlank String name, @Size(min = 2, max = 5) String code, @Min(1) @Max(7) int days,
            @Pattern(regexp = "^[a-z]+$") String slug, @Email String mail, @Size(max = 3) List<String> tags,
            @Positive BigDecimal amount, @DecimalMax("9.5") double ratio, @NotNull Boolean flag,
            @NotEmpty List<@Size(min = 1) String> items) {
    }

    record Holder(@McpToolParam(description = "Where", defaultValue = "Oslo") String place,
            @McpToolParam(defaultValue = "3") int days) {
    }

    /** A TYPE_USE nullable, as JSpecify declares it; found by its simple name. */
    @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
    @java.lang.annotation.Target({java.lang.annotation.ElementType.TYPE_USE, java.lang.annotation.ElementType.PARAMETER,
            java.lang.annotation.ElementType.FIELD, java.lang.annotation.ElementType.RECORD_COMPONENT})
    @interface Nullable {
    }

    @SuppressWarnings("unused")
    static class Tools {
        @McpTool void strings(String text, @Nullable String note, Optional<String> nick) { }
        @McpTool void numbers(int small, long big, BigInteger huge, double ratio, BigDecimal exact, boolean flag) { }
        @McpTool void enums(Transport transport, Unit unit) { }
        @McpTool void nested(Trip trip) { }
        @McpTool void collections(List<String> tags, Map<String, Integer> counts, List<Place> stops) { }
        @McpTool void renamed(Renamed person) { }
        @McpTool void constrained(Constrained c) { }
        @McpTool void parameters(@NotBlank @McpToolParam(description = "A city") String place,
                @Min(1) @Max(7) @McpToolParam(defaultValue = "3") int days, @McpToolParam(required = false) String unit,
                CallContext context) { }
        @McpTool void holder(Holder arguments) { }
        @McpTool void optionalNumber(Optional<Integer> limit) { }
    }

    static Stream<Arguments> signatures() {
        return Stream.of(
                Arguments.of("strings", "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"},"
                        + "\"note\":{\"type\":[\"string\",\"null\"]},\"nick\":{\"type\":[\"string\",\"null\"]}},"
                        + "\"required\":[\"text\"],\"additionalProperties\":false}"),
                Arguments.of("numbers", "{\"type\":\"object\",\"properties\":{\"small\":{\"type\":\"integer\"},"
                        + "\"big\":{\"type\":\"integer\"},\"huge\":{\"type\":\"integer\"},\"ratio\":{\"type\":\"number\"},"
                        + "\"exact\":{\"type\":\"number\"},\"flag\":{\"type\":\"boolean\"}},\"required\":[\"small\",\"big\","
                        + "\"huge\",\"ratio\",\"exact\",\"flag\"],\"additionalProperties\":false}"),
                Arguments.of("enums", "{\"type\":\"object\",\"properties\":{\"transport\":{\"type\":\"string\",\"enum\":[\"TRAIN\","
                        + "\"CAR\"]},\"unit\":{\"type\":\"string\",\"enum\":[\"celsius\",\"fahrenheit\"]}},"
                        + "\"required\":[\"transport\",\"unit\"],\"additionalProperties\":false}"),
                Arguments.of("nested", "{\"$defs\":{\"Place\":{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"},"
                        + "\"country\":{\"type\":[\"string\",\"null\"]}},\"required\":[\"city\"],"
                        + "\"additionalProperties\":false}},\"type\":\"object\","
                        + "\"properties\":{\"from\":{\"$ref\":\"#/$defs/Place\"},\"to\":{\"$ref\":\"#/$defs/Place\"}},"
                        + "\"required\":[\"from\",\"to\"],\"additionalProperties\":false}"),
                Arguments.of("collections", "{\"type\":\"object\",\"properties\":{\"tags\":{\"type\":\"array\","
                        + "\"items\":{\"type\":\"string\"}},\"counts\":{\"type\":\"object\","
                        + "\"additionalProperties\":{\"type\":\"integer\"}},\"stops\":{\"type\":\"array\","
                        + "\"items\":{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"},"
                        + "\"country\":{\"type\":[\"string\",\"null\"]}},\"required\":[\"city\"],"
                        + "\"additionalProperties\":false}}},\"required\":[\"tags\",\"counts\",\"stops\"],"
                        + "\"additionalProperties\":false}"),
                Arguments.of("renamed", "{\"type\":\"object\",\"properties\":{\"first_name\":{\"type\":\"string\"},"
                        + "\"age\":{\"type\":\"integer\",\"description\":\"Shown to the model\"}},"
                        + "\"required\":[\"first_name\",\"age\"],\"additionalProperties\":false}"),
                Arguments.of("constrained", "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\",\"minLength\":1},"
                        + "\"code\":{\"type\":\"string\",\"minLength\":2,\"maxLength\":5},\"days\":{\"type\":\"integer\","
                        + "\"minimum\":1,\"maximum\":7},\"slug\":{\"type\":\"string\",\"pattern\":\"^[a-z]+$\"},"
                        + "\"mail\":{\"type\":\"string\",\"format\":\"email\"},\"tags\":{\"maxItems\":3,\"type\":\"array\","
                        + "\"items\":{\"type\":\"string\"}},\"amount\":{\"type\":\"number\",\"exclusiveMinimum\":0},"
                        + "\"ratio\":{\"type\":\"number\",\"maximum\":9.5},\"flag\":{\"type\":\"boolean\"},"
                        + "\"items\":{\"minItems\":1,\"type\":\"array\",\"items\":{\"type\":\"string\",\"minLength\":1}}},"
                        + "\"required\":[\"name\",\"code\",\"days\",\"slug\",\"mail\",\"tags\",\"amount\",\"ratio\",\"flag\","
                        + "\"items\"],\"additionalProperties\":false}"),
                Arguments.of("parameters", "{\"type\":\"object\",\"properties\":{\"place\":{\"type\":\"string\",\"description\":\"A city\","
                        + "\"minLength\":1},\"days\":{\"type\":\"integer\",\"default\":3,\"minimum\":1,\"maximum\":7},"
                        + "\"unit\":{\"type\":\"string\"}},\"required\":[\"place\"],\"additionalProperties\":false}"),
                Arguments.of("holder", "{\"type\":\"object\",\"properties\":{\"place\":{\"type\":\"string\",\"description\":\"Where\","
                        + "\"default\":\"Oslo\"},\"days\":{\"type\":\"integer\",\"default\":3}},"
                        + "\"additionalProperties\":false}"),
                Arguments.of("optionalNumber", "{\"type\":\"object\",\"properties\":{\"limit\":{\"type\":[\"integer\",\"null\"]}},"
                        + "\"additionalProperties\":false}"));
    }

    private static final JsonCodec CODEC = new JsonCodec(1 << 20);
    private static final Contribution TOOLS = new AnnotatedBeans(JsonCodec.defaultValueMapper())
            .scan("tools", new Tools(), Tools.class);

    @ParameterizedTest(name = "{0}")
    @MethodSource("signatures")
    void eachSignatureHasExactlyThisSchemaWhichIsAValid202012Document(String tool, String schema) {
        String derived = TOOLS.tools().stream().filter(t -> t.spec().name().equals(tool)).findFirst().orElseThrow()
                .spec().inputSchema();
        assertThat(derived).isEqualTo(schema);
        new SchemaCompiler(CODEC).compile(derived, "input schema");
    }
}
