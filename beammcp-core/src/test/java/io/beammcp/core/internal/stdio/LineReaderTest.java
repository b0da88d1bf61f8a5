package io.beammcp.core.internal.stdio;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Lines come out the same however the input arrives: whole, a byte at a time, or in random pieces. */
class LineReaderTest {

    @Test
    void linesBlanksCarriageReturnsAndOversizedLines() throws IOException {
        String input = "{\"a\":1}\n\n  \t\r\n{\"b\":2}\r\n" + "x".repeat(11) + "\n" + "y".repeat(10) + "\r\n"
                + "z".repeat(10) + "\r\r\nlast";
        List<String> expected = List.of("{\"a\":1}", "{\"b\":2}", "<oversized>", "yyyyyyyyyy", "<oversized>", "last");
        for (int piece : new int[] {1, 2, 3, 7, 1 << 20}) {
            assertThat(read(input, 10, piece, null)).as("pieces of " + piece).isEqualTo(expected);
        }
    }

    @Test
    void randomInputsSplitAnywhereGiveTheLinesOfTheWholeInput() throws IOException {
        Random random = new Random(42);
        String alphabet = "ab \t\r\n{}";
        for (int round = 0; round < 300; round++) {
            StringBuilder input = new StringBuilder();
            int length = random.nextInt(random.nextBoolean() ? 40 : 200_000);
            for (int i = 0; i < length; i++) {
                input.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            long cap = 1 + random.nextInt(random.nextBoolean() ? 8 : 100_000);
            List<String> expected = reference(input.toString(), cap);
            assertThat(read(input.toString(), cap, 1 + random.nextInt(70_000), random)).isEqualTo(expected);
        }
    }

    private static List<String> read(String input, long cap, int piece, Random random) throws IOException {
        InputStream in = new FilterInputStream(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8))) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = random == null ? piece : 1 + random.nextInt(piece);
                return super.read(b, off, Math.min(len, n));
            }
        };
        LineReader reader = new LineReader(in, cap);
        List<String> lines = new ArrayList<>();
        for (LineReader.Line line = reader.next(); line != null; line = reader.next()) {
            lines.add(line.oversized() ? "<oversized>" : new String(line.bytes(), StandardCharsets.UTF_8));
        }
        return lines;
    }

    /** The rules, written plainly. */
    private static List<String> reference(String input, long cap) {
        List<String> lines = new ArrayList<>();
        String[] parts = input.split("\n", -1);
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i];
            if (i == parts.length - 1 && part.isEmpty()) {
                break;
            }
            String line = part.endsWith("\r") ? part.substring(0, part.length() - 1) : part;
            if (line.length() > cap) {
                lines.add("<oversized>");
            } else if (!line.replace(" ", "").replace("\t", "").replace("\r", "").isEmpty()) {
                lines.add(line);
            }
        }
        return lines;
    }
}
