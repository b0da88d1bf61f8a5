package io.beammcp.core.internal.json;

/**
 * The encoding check every message passes before the JSON reader sees it: well-formed UTF-8 as RFC 3629
 * defines it (shortest form only, no surrogates, nothing past U+10FFFF) and no NUL byte. A JSON text never
 * holds a raw NUL, and refusing it also refuses UTF-16 and UTF-32, whose ASCII characters carry zero bytes
 * (with a byte order mark they are not UTF-8 at all), so the reader never detects another encoding.
 */
final class Utf8 {

    private Utf8() {
    }

    /** Throws a parse error, which never echoes the input, unless {@code bytes} pass the check. */
    public static void require(byte[] bytes) {
        if (!isJsonText(bytes)) {
            throw new ParseRefusal("Parse error: the message is not UTF-8 JSON text");
        }
    }

    public static boolean isJsonText(byte[] bytes) {
        int i = 0;
        int n = bytes.length;
        while (i < n) {
            int b = bytes[i];
            if (b > 0) {
                i++;
                continue;
            }
            b &= 0xFF;
            int length;
            int min = 0x80;
            int max = 0xBF;
            if (b >= 0xC2 && b <= 0xDF) {
                length = 2;
            } else if (b >= 0xE0 && b <= 0xEF) {
                length = 3;
                if (b == 0xE0) {
                    min = 0xA0;
                } else if (b == 0xED) {
                    max = 0x9F;
                }
            } else if (b >= 0xF0 && b <= 0xF4) {
                length = 4;
                if (b == 0xF0) {
                    min = 0x90;
                } else if (b == 0xF4) {
                    max = 0x8F;
                }
            } else {
                // NUL, a continuation byte without its lead, C0/C1 (overlong) or F5..FF (past U+10FFFF)
                return false;
            }
            if (i + length > n) {
                return false;
            }
            int second = bytes[i + 1] & 0xFF;
            if (second < min || second > max) {
                return false;
            }
            for (int k = 2; k < length; k++) {
                if ((bytes[i + k] & 0xC0) != 0x80) {
                    return false;
                }
            }
            i += length;
        }
        return true;
    }
}
