package io.beammcp.core.internal.input;

import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.McpError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Seals and opens the {@code requestState} of 2026-07-28 multi-round requests: everything the next round
 * needs (the answers of earlier rounds, what was asked) travels with the client, so any instance holding the
 * key serves the retry. The state is {@code v1.<payload>.<mac>}, both Base64url: the payload is JSON, the
 * MAC an HMAC-SHA256 over {@code v1.<payload>}. It is bound to the method, the tool or prompt name (or the
 * resource URI), a digest of the arguments and an expiry, so it cannot be replayed against another request,
 * nor after its time. It is signed, not encrypted: the client already knows every answer in it. It is not
 * single use (that needs server-side state); a replay within the expiry reruns the same request with the
 * same answers.
 */
public final class InputStates {

    private static final String VERSION = "v1";
    private static final String ALGORITHM = "HmacSHA256";
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private static final Logger log = LoggerFactory.getLogger(InputStates.class);

    private final SecretKeySpec key;
    private final long ttlMillis;
    private final Clock clock;
    private final JsonCodec codec;
    /** Whether the key is this process's own random one, so a state sealed elsewhere means instances differ. */
    private final boolean ownKey;
    private final AtomicBoolean warned = new AtomicBoolean();

    public InputStates(byte[] key, Duration ttl, Clock clock, JsonCodec codec) {
        this(key, ttl, clock, codec, false);
    }

    public InputStates(byte[] key, Duration ttl, Clock clock, JsonCodec codec, boolean ownKey) {
        if (key.length < 32) {
            throw new IllegalArgumentException("The input state key must be at least 32 bytes, was " + key.length);
        }
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("The input state lifetime must be positive, was " + ttl);
        }
        this.key = new SecretKeySpec(key.clone(), ALGORITHM);
        this.ttlMillis = ttl.toMillis();
        this.clock = clock;
        this.codec = codec;
        this.ownKey = ownKey;
    }

    public static byte[] randomKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return key;
    }

    /**
     * What a state is bound to: the method, the tool or prompt name or resource URI, the arguments, and the
     * caller who started the round (digests of the last two).
     */
    public record Binding(String method, String name, String arguments, String caller) {
    }

    /** An opened state: what the previous round asked (key to method) and every answer so far. */
    public record Opened(Map<String, String> asked, ObjectNode answers) {
    }

    /**
     * The binding of a request whose arguments are {@code arguments} (absent arguments count as {@code {}}),
     * of the principal named {@code caller} ({@code ""} for none).
     */
    public Binding bind(String method, String name, JsonNode arguments, String caller) {
        StringBuilder canonical = new StringBuilder();
        canonical(arguments == null ? codec.object() : arguments, canonical);
        return new Binding(method, name, digest(canonical.toString()), digest(caller));
    }

    /** A SHA-256 digest, so the sealed (readable) state names no caller and no argument in the clear. */
    private static String digest(String text) {
        try {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            return ENCODER.encodeToString(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }

    public String seal(Binding binding, Map<String, String> asked, ObjectNode answers) {
        ObjectNode payload = codec.object();
        payload.put("m", binding.method()).put("n", binding.name()).put("a", binding.arguments())
                .put("p", binding.caller())
                .put("e", clock.millis() + ttlMillis);
        ObjectNode askedNode = payload.putObject("k");
        asked.forEach(askedNode::put);
        payload.set("r", answers);
        String signed = VERSION + "." + ENCODER.encodeToString(codec.write(payload));
        return signed + "." + ENCODER.encodeToString(mac(signed));
    }

    /**
     * Opens a state for the request of {@code binding}: {@code -32602} when it was not sealed with this key
     * (or was altered), belongs to another request, or has expired.
     */
    public Opened open(String state, Binding binding) {
        int last = state.lastIndexOf('.');
        if (!state.startsWith(VERSION + ".") || last <= VERSION.length()) {
            throw tampered();
        }
        // compared as text: only the canonical encoding of the right MAC passes (no padding, no variants)
        byte[] expected = ENCODER.encodeToString(mac(state.substring(0, last))).getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(expected, state.substring(last + 1).getBytes(StandardCharsets.UTF_8))) {
            warnOnce();
            throw tampered();
        }
        JsonNode payload = codec.read(DECODER.decode(state.substring(VERSION.length() + 1, last)));
        if (!binding.method().equals(text(payload, "m")) || !binding.name().equals(text(payload, "n"))
                || !binding.arguments().equals(text(payload, "a"))) {
            throw McpError.invalidParams("Invalid params: requestState belongs to another request");
        }
        if (!binding.caller().equals(text(payload, "p"))) {
            // a round is continued only by whoever started it: a state handle is no credential
            throw McpError.invalidParams("Invalid params: requestState belongs to another caller");
        }
        if (payload.path("e").asLong() < clock.millis()) {
            throw McpError.invalidParams("Invalid params: requestState has expired; send the request again without "
                    + "it and without inputResponses");
        }
        Map<String, String> asked = new LinkedHashMap<>();
        payload.path("k").properties().forEach(e -> asked.put(e.getKey(), e.getValue().stringValue()));
        return new Opened(asked, (ObjectNode) payload.get("r"));
    }

    private static String text(JsonNode payload, String field) {
        JsonNode value = payload.get(field);
        return value != null && value.isString() ? value.stringValue() : null;
    }

    /**
     * The one case where the random key of a single instance stops serving: a retry sealed by another
     * instance (or before a restart). Said once per process, with nothing of the request, the first time it
     * happens, which is when the operator needs to hear it; a shared key makes this never happen.
     */
    private void warnOnce() {
        if (ownKey && warned.compareAndSet(false, true)) {
            log.warn("A 2026-07-28 retry carried a requestState this instance did not seal (another instance sealed "
                    + "it, or this one restarted since) and was refused. Instances serving the same clients need the "
                    + "same input state key (beammcp.input.state-key, at least 32 bytes); this is said once.");
        }
    }

    private static McpError tampered() {
        return McpError.invalidParams("Invalid params: requestState failed its integrity check");
    }

    private byte[] mac(String signed) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal(signed.getBytes(StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is unavailable", e);
        }
    }

    /** JSON with object members in name order, so equal arguments give equal digests. */
    private void canonical(JsonNode node, StringBuilder out) {
        if (node.isObject()) {
            List<String> names = new ArrayList<>(node.propertyNames());
            names.sort(null);
            out.append('{');
            for (String name : names) {
                out.append(codec.writeString(codec.nodes().stringNode(name))).append(':');
                canonical(node.get(name), out);
                out.append(',');
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (JsonNode element : node) {
                canonical(element, out);
                out.append(',');
            }
            out.append(']');
        } else {
            out.append(codec.writeString(node));
        }
    }
}
