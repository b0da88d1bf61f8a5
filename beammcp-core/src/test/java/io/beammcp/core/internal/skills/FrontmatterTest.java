package io.beammcp.core.internal.skills;

import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.internal.json.JsonCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The frontmatter as clients parse it: YAML 1.2, core schema. The expected objects are what the conformance
 * suite's parser (npm {@code yaml} 2.9, which hosts use too) makes of the same text.
 */
class FrontmatterTest {

    private static final JsonCodec JSON = new JsonCodec(1 << 20);

    private static String parse(String yaml) {
        return JSON.writeString(Frontmatter.parse("---\n" + yaml + "\n---\nbody\n", "SKILL.md"));
    }

    @Test
    void scalarsAreResolvedByTheYaml12CoreSchemaNotByYaml11() {
        String yaml = String.join("\n", "a: yes", "b: no", "c: on", "d: 2024-01-01", "e: 017", "f: 0o17", "g: 0x1F",
                "h: 1_000", "i: True", "k: ~", "l: 1e3", "m: NULL", "n: +12", "o: 0b101", "p: 1.5", "q: .5",
                "r: 12:30", "t: '017'", "u: !!str 5", "w: Yes", "x:", "y: [1, two]", "z: {k: v}");

        assertThat(parse(yaml)).isEqualTo("{\"a\":\"yes\",\"b\":\"no\",\"c\":\"on\",\"d\":\"2024-01-01\",\"e\":17,"
                + "\"f\":15,\"g\":31,\"h\":\"1_000\",\"i\":true,\"k\":null,\"l\":1000.0,\"m\":null,\"n\":12,\"o\":\"0b101\","
                + "\"p\":1.5,\"q\":0.5,\"r\":\"12:30\",\"t\":\"017\",\"u\":\"5\",\"w\":\"Yes\",\"x\":null,"
                + "\"y\":[1,\"two\"],\"z\":{\"k\":\"v\"}}");
    }

    @Test
    void theBlockIsCutAsClientsCutItWithAByteOrderMarkCrlfAndTrailingBlanksAfterTheClosingLine() {
        assertThat(JSON.writeString(Frontmatter.parse("\uFEFF---\r\nname: a\r\ndescription: b\r\n---  \r\nbody",
                "SKILL.md"))).isEqualTo("{\"name\":\"a\",\"description\":\"b\"}");
        assertThat(JSON.writeString(Frontmatter.parse("---\nname: a\n---", "SKILL.md"))).isEqualTo("{\"name\":\"a\"}");
        // the first closing line ends the block, even if the YAML would go on
        assertThat(JSON.writeString(Frontmatter.parse("---\nname: a\n---\ndescription: b\n---\n", "SKILL.md")))
                .isEqualTo("{\"name\":\"a\"}");
    }

    @ParameterizedTest
    @ValueSource(strings = {"name: a\nname: b", "name: [a", "- a\n- b", "just text", "x: .inf", "x: -.Inf", "x: .nan",
        "1: a", "[a]: b", "x: !!binary aGk=", "x: !!set {a}", "x: &a [*a]"})
    void frontmatterJsonCannotCarryAsClientsReadItRefusesStartupNamingTheFile(String yaml) {
        assertThatThrownBy(() -> parse(yaml)).isInstanceOf(InvalidCatalogException.class)
                .hasMessageStartingWith("SKILL.md: ");
    }
}
