package io.beammcp.conformance;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;

/** The binary payloads the suite checks: a 1×1 PNG and a short silent WAV. */
final class Media {

    static final byte[] PNG = Base64.getDecoder().decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");

    static final byte[] WAV = wav(8000, 80);

    private Media() {
    }

    /** A mono 16-bit PCM WAV of {@code samples} silent samples. */
    private static byte[] wav(int rate, int samples) {
        int dataBytes = samples * 2;
        ByteBuffer header = ByteBuffer.allocate(44).order(ByteOrder.LITTLE_ENDIAN);
        header.put("RIFF".getBytes()).putInt(36 + dataBytes).put("WAVE".getBytes());
        header.put("fmt ".getBytes()).putInt(16).putShort((short) 1).putShort((short) 1).putInt(rate)
                .putInt(rate * 2).putShort((short) 2).putShort((short) 16);
        header.put("data".getBytes()).putInt(dataBytes);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(header.array());
        out.writeBytes(new byte[dataBytes]);
        return out.toByteArray();
    }
}
