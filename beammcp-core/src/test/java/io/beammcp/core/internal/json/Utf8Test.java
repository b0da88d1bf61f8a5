package io.beammcp.core.internal.json;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** The encoding check in front of the JSON reader: RFC 3629 UTF-8 exactly, no NUL, no other encoding. */
class Utf8Test {

    private final JsonCodec codec = new JsonCodec(1 << 20);

    /** {@code {"t":"a<bytes>b"}}. */
    private static byte[] textWith(String hex) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("{\"t\":\"a".getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(HexFormat.of().parseHex(hex.replace(" ", "")));
        out.writeBytes("b\"}".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    private void assertParseError(byte[] bytes) {
        assertThatExceptionOfType(ParseRefusal.class).isThrownBy(() -> codec.read(bytes))
                .satisfies(e -> assertThat(e.reason()).startsWith("Parse error"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"C2 80", "DF BF", "E0 A0 80", "ED 9F BF", "EE 80 80", "EF BF BF", "F0 90 80 80",
            "F4 8F BF BF", "EF BB BF", "7F"})
    void everyBoundaryOfWellFormedUtf8IsReadAsItsCodePoint(String hex) {
        String expected = new String(HexFormat.of().parseHex(hex.replace(" ", "")), StandardCharsets.UTF_8);
        assertThat(codec.read(textWith(hex)).get("t").stringValue()).isEqualTo("a" + expected + "b");
    }

    @ParameterizedTest
    @ValueSource(strings = {"C0 AF", "C1 BF", "E0 80 AF", "E0 9F BF", "F0 80 80 AF", "F0 8F BF BF", "ED A0 80",
            "ED BF BF", "ED A0 BD ED B8 80", "F4 90 80 80", "F5 80 80 80", "F8 88 80 80 80", "FE", "FF", "80", "BF",
            "C2", "E2 82", "F0 9F 98", "C2 C2 80", "E2 28 A1", "00"})
    void overlongSurrogateOutOfRangeTruncatedAndNulBytesAreParseErrors(String hex) {
        assertParseError(textWith(hex));
    }

    @ParameterizedTest
    @ValueSource(strings = {"UTF-16", "UTF-16BE", "UTF-16LE", "UTF-32", "UTF-32BE", "UTF-32LE"})
    void utf16AndUtf32AreParseErrorsWithOrWithoutAByteOrderMark(String charset) {
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
        assertParseError(ping.getBytes(Charset.forName(charset)));
        assertParseError(("\uFEFF" + ping).getBytes(Charset.forName(charset)));
    }

    @Test
    void aUtf8ByteOrderMarkIsRead() {
        assertThat(codec.read("\uFEFF{\"a\":1}".getBytes(StandardCharsets.UTF_8)).get("a").intValue()).isEqualTo(1);
    }

    @Test
    void acceptsExactlyWhatTheJdksStrictDecoderAcceptsWithoutNul() {
        // bytes around every boundary of the encoding, so random arrays hit the edge cases often
        int[] alphabet = {0x00, 0x01, 0x22, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
            0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFE, 0xFF};
        long seed = System.nanoTime();
        Random random = new Random(seed);
        int accepted = 0;
        for (int n = 0; n < 200_000; n++) {
            byte[] bytes = new byte[random.nextInt(9)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) alphabet[random.nextInt(alphabet.length)];
            }
            boolean expected = decodes(bytes) && !containsNul(bytes);
            assertThat(Utf8.isJsonText(bytes)).as("seed %d, bytes %s", seed, HexFormat.of().formatHex(bytes))
                    .isEqualTo(expected);
            accepted += expected ? 1 : 0;
        }
        assertThat(accepted).isGreaterThan(1_000);
    }

    private static boolean decodes(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private static boolean containsNul(byte[] bytes) {
        for (byte b : bytes) {
            if (b == 0) {
                return true;
            }
        }
        return false;
    }
}
