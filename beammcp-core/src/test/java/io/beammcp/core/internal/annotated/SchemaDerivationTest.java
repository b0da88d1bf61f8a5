package io.beammcp.core.internal.annotated;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.beammcp.core.CallContext;
import io.beammcp.core.ToolBinding;
import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.annotation.McpToolParam;
import io.beammcp.core.internal.catalog.SchemaCompiler;
import io.beammcp.core.internal.json.JsonCodec;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Null;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The input schema each Java signature produces, exactly, with the ranges of its Java number types and its
 * constraints said in descriptions; each one is also a valid JSON Schema 2020-12 document (the server's compiler
 * checks it against the meta-schema).
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
            @NotEmpty List<@NotBlank String> items) {
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
        @McpTool void ranges(byte tiny, Short small, float single, Long big, List<Integer> counts, OptionalInt limit,
                @Min(-10_000_000_000L) @Max(10_000_000_000L) int clamped, @Positive long positive) { }
        @McpTool void strict(@NotBlank @Pattern(regexp = "^[a-z ]+$") String both, @NotBlank @Email String mail,
                @Null String nothing, @AssertTrue boolean yes, @NotEmpty Map<String, String> tags) { }
        @McpTool void said(@Min(1) @Max(7) @McpToolParam(description = "How many days, 1 to 7", defaultValue = "3") int days,
                @Size(max = 20) @McpToolParam(description = "A name of at most 20 characters.") String name,
                @NotBlank @McpToolParam(description = "Where to go.\n") String place) { }
        @McpTool Renamed person(@Min(1) int id) { return null; }
    }

    static Stream<Arguments> signatures() {
        return Stream.of(
                Arguments.of("strings", "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"},"
                        + "\"note\":{\"type\":[\"string\",\"null\"]},\"nick\":{\"type\":[\"string\",\"null\"]}},"
                        + "\"required\":[\"text\"],\"additionalProperties\":false}"),
                Arguments.of("numbers", "{\"type\":\"object\",\"properties\":{\"small\":{\"type\":\"integer\","
                        + "\"minimum\":-2147483648,\"maximum\":2147483647},\"big\":{\"type\":\"integer\","
                        + "\"minimum\":-9223372036854775808,\"maximum\":9223372036854775807},\"huge\":{\"type\":\"integer\"},"
                        + "\"ratio\":{\"type\":\"number\",\"minimum\":-1.7976931348623157E+308,"
                        + "\"maximum\":1.7976931348623157E+308},\"exact\":{\"type\":\"number\"},"
                        + "\"flag\":{\"type\":\"boolean\"}},\"required\":[\"small\",\"big\",\"huge\",\"ratio\",\"exact\","
                        + "\"flag\"],\"additionalProperties\":false}"),
                Arguments.of("enums", "{\"type\":\"object\",\"properties\":{\"transport\":{\"type\":\"string\","
                        + "\"enum\":[\"TRAIN\",\"CAR\"]},\"unit\":{\"type\":\"string\",\"enum\":[\"celsius\",\"fahrenheit\"]}},"
                        + "\"required\":[\"transport\",\"unit\"],\"additionalProperties\":false}"),
                Arguments.of("nested", "{\"$defs\":{\"Place\":{\"type\":\"object\","
                        + "\"properties\":{\"city\":{\"type\":\"string\"},\"country\":{\"type\":[\"string\",\"null\"]}},"
                        + "\"required\":[\"city\"],\"additionalProperties\":false}},\"type\":\"object\","
                        + "\"properties\":{\"from\":{\"$ref\":\"#/$defs/Place\"},\"to\":{\"$ref\":\"#/$defs/Place\"}},"
                        + "\"required\":[\"from\",\"to\"],\"additionalProperties\":false}"),
                Arguments.of("collections", "{\"type\":\"object\",\"properties\":{\"tags\":{\"type\":\"array\","
                        + "\"items\":{\"type\":\"string\"}},\"counts\":{\"type\":\"object\","
                        + "\"additionalProperties\":{\"type\":\"integer\",\"minimum\":-2147483648,\"maximum\":2147483647}},"
                        + "\"stops\":{\"type\":\"array\",\"items\":{\"type\":\"object\","
                        + "\"properties\":{\"city\":{\"type\":\"string\"},\"country\":{\"type\":[\"string\",\"null\"]}},"
                        + "\"required\":[\"city\"],\"additionalProperties\":false}}},\"required\":[\"tags\",\"counts\","
                        + "\"stops\"],\"additionalProperties\":false}"),
                Arguments.of("renamed", "{\"type\":\"object\",\"properties\":{\"first_name\":{\"type\":\"string\"},"
                        + "\"age\":{\"type\":\"integer\",\"minimum\":-2147483648,\"maximum\":2147483647,"
                        + "\"description\":\"Shown to the model\"}},\"required\":[\"first_name\",\"age\"],"
                        + "\"additionalProperties\":false}"),
                Arguments.of("constrained", "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\","
                        + "\"minLength\":1,\"pattern\":\"\\\\S\",\"description\":\"Not blank.\"},\"code\":{\"type\":\"string\","
                        + "\"minLength\":2,\"maxLength\":5,\"description\":\"2 to 5 characters.\"},"
                        + "\"days\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":7,\"description\":\"From 1 to 7.\"},"
                        + "\"slug\":{\"type\":\"string\",\"pattern\":\"^[a-z]+$\","
                        + "\"description\":\"Matching the regular expression `^[a-z]+$`.\"},\"mail\":{\"type\":\"string\","
                        + "\"format\":\"email\",\"pattern\":\"^[^\\\\s@]+@[^\\\\s@]+$\",\"description\":\"An email address.\"},"
                        + "\"tags\":{\"maxItems\":3,\"description\":\"At most 3 items.\",\"type\":\"array\","
                        + "\"items\":{\"type\":\"string\"}},\"amount\":{\"type\":\"number\",\"exclusiveMinimum\":0,"
                        + "\"description\":\"Greater than 0.\"},\"ratio\":{\"type\":\"number\","
                        + "\"minimum\":-1.7976931348623157E+308,\"maximum\":9.5,\"description\":\"At most 9.5.\"},"
                        + "\"flag\":{\"type\":\"boolean\"},\"items\":{\"minItems\":1,\"description\":\"At least 1 item.\","
                        + "\"type\":\"array\",\"items\":{\"type\":\"string\",\"minLength\":1,\"pattern\":\"\\\\S\"}}},\"required\":[\"name\","
                        + "\"code\",\"days\",\"slug\",\"mail\",\"tags\",\"amount\",\"ratio\",\"flag\",\"items\"],"
                        + "\"additionalProperties\":false}"),
                Arguments.of("parameters", "{\"type\":\"object\",\"properties\":{\"place\":{\"type\":\"string\","
                        + "\"description\":\"A city. Not blank.\",\"minLength\":1,\"pattern\":\"\\\\S\"},"
                        + "\"days\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":7,\"default\":3,"
                        + "\"description\":\"From 1 to 7; default 3.\"},\"unit\":{\"type\":\"string\"}},"
                        + "\"required\":[\"place\"],\"additionalProperties\":false}"),
                Arguments.of("holder", "{\"type\":\"object\",\"properties\":{\"place\":{\"type\":\"string\","
                        + "\"description\":\"Where. Default \\\"Oslo\\\".\",\"default\":\"Oslo\"},"
                        + "\"days\":{\"type\":\"integer\",\"minimum\":-2147483648,\"maximum\":2147483647,\"default\":3,"
                        + "\"description\":\"Default 3.\"}},\"additionalProperties\":false}"),
                Arguments.of("optionalNumber", "{\"type\":\"object\",\"properties\":{\"limit\":{\"type\":[\"integer\",\"null\"],"
                        + "\"minimum\":-2147483648,\"maximum\":2147483647}},\"additionalProperties\":false}"),
                Arguments.of("ranges", "{\"type\":\"object\",\"properties\":{\"tiny\":{\"type\":\"integer\","
                        + "\"minimum\":-128,\"maximum\":127},\"small\":{\"type\":\"integer\",\"minimum\":-32768,"
                        + "\"maximum\":32767},\"single\":{\"type\":\"number\",\"minimum\":-3.4028234663852886E+38,"
                        + "\"maximum\":3.4028234663852886E+38},\"big\":{\"type\":\"integer\",\"minimum\":-9223372036854775808,"
                        + "\"maximum\":9223372036854775807},\"counts\":{\"type\":\"array\",\"items\":{\"type\":\"integer\","
                        + "\"minimum\":-2147483648,\"maximum\":2147483647}},\"limit\":{\"type\":[\"integer\",\"null\"],"
                        + "\"minimum\":-2147483648,\"maximum\":2147483647},\"clamped\":{\"type\":\"integer\","
                        + "\"minimum\":-2147483648,\"maximum\":2147483647},\"positive\":{\"type\":\"integer\","
                        + "\"minimum\":-9223372036854775808,\"maximum\":9223372036854775807,\"exclusiveMinimum\":0,"
                        + "\"description\":\"Greater than 0.\"}},\"required\":[\"tiny\",\"small\",\"single\",\"big\","
                        + "\"counts\",\"clamped\",\"positive\"],\"additionalProperties\":false}"),
                Arguments.of("strict", "{\"type\":\"object\",\"properties\":{\"both\":{\"type\":\"string\","
                        + "\"minLength\":1,\"pattern\":\"^(?=[\\\\s\\\\S]*?(?:^[a-z ]+$))(?=[\\\\s\\\\S]*?(?:\\\\S))\","
                        + "\"description\":\"Matching the regular expression `^[a-z ]+$`; not blank.\"},"
                        + "\"mail\":{\"type\":\"string\",\"minLength\":1,\"format\":\"email\","
                        + "\"pattern\":\"^[^\\\\s@]+@[^\\\\s@]+$\",\"description\":\"An email address.\"},"
                        + "\"nothing\":{\"anyOf\":[{\"type\":\"null\"},{\"type\":\"string\",\"const\":null}]},"
                        + "\"yes\":{\"type\":\"boolean\",\"const\":true},\"tags\":{\"type\":\"object\","
                        + "\"additionalProperties\":{\"type\":\"string\"},\"minProperties\":1,"
                        + "\"description\":\"At least 1 entry.\"}},\"required\":[\"both\",\"mail\",\"nothing\",\"yes\","
                        + "\"tags\"],\"additionalProperties\":false}"),
                Arguments.of("said", "{\"type\":\"object\",\"properties\":{\"days\":{\"type\":\"integer\","
                        + "\"minimum\":1,\"maximum\":7,\"description\":\"How many days, 1 to 7. Default 3.\",\"default\":3},"
                        + "\"name\":{\"type\":\"string\",\"description\":\"A name of at most 20 characters.\","
                        + "\"maxLength\":20},\"place\":{\"type\":\"string\",\"description\":\"Where to go. Not blank.\","
                        + "\"minLength\":1,\"pattern\":\"\\\\S\"}},\"required\":[\"name\",\"place\"],"
                        + "\"additionalProperties\":false}"));
    }

    private static final JsonCodec CODEC = new JsonCodec(1 << 20);
    private static final List<ToolBinding> TOOLS = new AnnotatedBeans(JsonCodec.defaultValueMapper())
            .scan(new Tools(), Tools.class).stream().map(ToolBinding.class::cast).toList();

    @ParameterizedTest(name = "{0}")
    @MethodSource("signatures")
    void eachSignatureHasExactlyThisSchemaWhichIsAValid202012Document(String tool, String schema) {
        String derived = TOOLS.stream().filter(t -> t.spec().name().equals(tool)).findFirst().orElseThrow()
                .spec().inputSchema();
        assertThat(derived).isEqualTo(schema);
        new SchemaCompiler(CODEC).compile(derived, "input schema");
    }

    @Test
    void anOutputSchemaStatesNeitherJavaRangesNorNotes() {
        // a result is the host's own: ranges and notes are for the arguments a client writes
        String output = TOOLS.stream().filter(t -> t.spec().name().equals("person")).findFirst().orElseThrow()
                .spec().outputSchema();
        assertThat(output).isEqualTo("{\"type\":\"object\",\"properties\":{\"first_name\":{\"type\":\"string\"},"
                + "\"age\":{\"type\":\"integer\",\"description\":\"Shown to the model\"}},"
                + "\"required\":[\"first_name\",\"age\"],\"additionalProperties\":false}");
    }
}
