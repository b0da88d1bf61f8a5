package io.beammcp.cluster.jdbc;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;

/**
 * One event as it travels in a NOTIFY, as text: the sending instance, the kind, when it was sent, the payload
 * (Base64) or {@code @} and the row of {@code beammcp_cluster_event} holding it, and an HMAC-SHA256 over all of
 * these and the payload, under the cluster's key. Any role that may connect to the database may NOTIFY on any
 * channel, so an event that does not carry the key's signature is not the cluster's.
 *
 * @param instance the random id of the sending instance
 * @param kind what the payload is
 * @param sentAt when it was sent, epoch milliseconds
 * @param body the payload in Base64, or {@code @} and a row id
 * @param mac the signature, Base64 URL-safe
 */
record Envelope(String instance, String kind, long sentAt, String body, String mac) {

    /** The envelope of a payload, signed. */
    static Envelope signed(byte[] key, String instance, String kind, long sentAt, String body, byte[] payload) {
        return new Envelope(instance, kind, sentAt, body, mac(key, instance, kind, sentAt, payload));
    }

    /** The envelope in that text, or {@code null} when it is not one. */
    static Envelope read(String text) {
        String[] parts = text == null ? new String[0] : text.split(" ", -1);
        if (parts.length != 5 || parts[0].isEmpty() || parts[1].isEmpty() || parts[3].isEmpty()) {
            return null;
        }
        try {
            return new Envelope(parts[0], parts[1], Long.parseLong(parts[2]), parts[3], parts[4]);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The text sent in the NOTIFY. */
    String text() {
        return instance + " " + kind + " " + sentAt + " " + body + " " + mac;
    }

    /** Whether the payload is in a row rather than in the envelope. */
    boolean spilled() {
        return body.startsWith("@");
    }

    /** The id of the row holding the payload; only when {@link #spilled()}. */
    long row() {
        return Long.parseLong(body.substring(1));
    }

    /** Whether the signature is that of the payload under the key, compared in constant time. */
    boolean signedBy(byte[] key, byte[] payload) {
        byte[] expected = mac(key, instance, kind, sentAt, payload).getBytes(StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(expected, mac.getBytes(StandardCharsets.US_ASCII));
    }

    private static String mac(byte[] key, String instance, String kind, long sentAt, byte[] payload) {
        try {
            Mac hmac = Mac.getInstance("HmacSHA256");
            hmac.init(new SecretKeySpec(key, "HmacSHA256"));
            hmac.update((instance + " " + kind + " " + sentAt + " ").getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(hmac.doFinal(payload));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is part of every Java runtime", e);
        }
    }
}
