package io.beammcp.core.internal.protocol;

import io.beammcp.core.spi.Exchange;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * The 2026-07-28 Streamable HTTP rules for headers that mirror the body. Every value of a repeated
 * header is checked, not just the first; any failure is {@code -32020}.
 */
public final class HeaderRules {

    public static final String PROTOCOL_VERSION = "MCP-Protocol-Version";
    public static final String METHOD = "Mcp-Method";
    public static final String NAME = "Mcp-Name";

    private static final String SENTINEL_START = "=?base64?";
    private static final String SENTINEL_END = "?=";

    private HeaderRules() {
    }

    /** The protocol version header: present, and every value equal to the body's version. */
    public static void requireVersionPresent(Exchange exchange) {
        if (exchange.headers(PROTOCOL_VERSION).isEmpty()) {
            throw mismatch("Header mismatch: the MCP-Protocol-Version header is required");
        }
    }

    public static void requireVersionEquals(Exchange exchange, String version) {
        requireAll(exchange.headers(PROTOCOL_VERSION), version, false,
                "Header mismatch: MCP-Protocol-Version does not match params._meta");
    }

    public static void requireMethodAndName(Exchange exchange, String method, String name) {
        List<String> methods = exchange.headers(METHOD);
        if (methods.isEmpty()) {
            throw mismatch("Header mismatch: the Mcp-Method header is required");
        }
        requireAll(methods, method, false, "Header mismatch: Mcp-Method does not match the method");
        if (name != null) {
            List<String> names = exchange.headers(NAME);
            if (names.isEmpty()) {
                throw mismatch("Header mismatch: the Mcp-Name header is required");
            }
            requireAll(names, name, true, "Header mismatch: Mcp-Name does not match the body");
        }
    }

    private static void requireAll(List<String> values, String expected, boolean encodable, String message) {
        for (String value : values) {
            String actual = encodable ? decode(value) : visible(value);
            if (!actual.equals(expected)) {
                throw mismatch(message);
            }
        }
    }

    /**
     * A value of the exact form {@code =?base64?<b64>?=} is the canonical Base64 of UTF-8 text; anything
     * else is literal. A sentinel that is not canonical Base64 of valid UTF-8 is refused.
     */
    public static String decode(String value) {
        visible(value);
        if (!(value.startsWith(SENTINEL_START) && value.endsWith(SENTINEL_END)
                && value.length() >= SENTINEL_START.length() + SENTINEL_END.length())) {
            return value;
        }
        String encoded = value.substring(SENTINEL_START.length(), value.length() - SENTINEL_END.length());
        byte[] raw;
        try {
            raw = Base64.getDecoder().decode(encoded);
        } catch (IllegalArgumentException e) {
            throw mismatch("Header mismatch: a Base64-encoded header value is malformed");
        }
        if (!Base64.getEncoder().encodeToString(raw).equals(encoded)) {
            throw mismatch("Header mismatch: a Base64-encoded header value is not in canonical form");
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(raw)).toString();
        } catch (CharacterCodingException e) {
            throw mismatch("Header mismatch: a Base64-encoded header value is not UTF-8");
        }
    }

    /** Header values are visible ASCII and spaces; anything else is refused. */
    private static String visible(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c > 0x7E) {
                throw mismatch("Header mismatch: a header value holds characters outside visible ASCII");
            }
        }
        return value;
    }

    public static McpError mismatch(String message) {
        return new McpError(McpError.HEADER_MISMATCH, message);
    }
}
