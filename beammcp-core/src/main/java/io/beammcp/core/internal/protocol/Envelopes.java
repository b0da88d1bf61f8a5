package io.beammcp.core.internal.protocol;

import io.beammcp.core.internal.json.JsonCodec;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JacksonSerializable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.jsontype.TypeSerializer;
import tools.jackson.databind.node.ObjectNode;

import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;

/**
 * The one writer of JSON-RPC envelopes: every response, notification and request the server sends is
 * written here, {@code jsonrpc} first, without building the envelope as a tree. An absent id (an unreadable
 * one) is left out, never sent as {@code null}.
 */
public final class Envelopes {

    private final JsonCodec codec;

    public Envelopes(JsonCodec codec) {
        this.codec = codec;
    }

    /**
     * A 2026-07-28 result as the writer frames it: {@code resultType} first (the result's own, else
     * {@code "complete"}), then its members in order, then {@code _meta} last, holding the result's own entries and
     * {@code serverInfo}. Nothing is copied: handlers build results without knowing this envelope.
     */
    public static JacksonSerializable modern(ObjectNode result, ObjectNode serverInfo) {
        return new Modern(result, serverInfo);
    }

    /** A result response. */
    public byte[] result(JsonNode id, JacksonSerializable result) {
        return write(new Envelope(id, null, "result", result));
    }

    /**
     * A result response no longer than {@code maxBytes}, measured as it is written: writing stops at the first
     * byte past the bound, so a result larger than that is never held whole; {@code null} then.
     */
    public byte[] result(JsonNode id, JacksonSerializable result, int maxBytes) {
        Bounded out = new Bounded(maxBytes);
        try {
            codec.mapper().writeValue(out, new Envelope(id, null, "result", result));
        } catch (Bounded.OverBoundException over) {
            return null;
        }
        return out.toByteArray();
    }

    /** An error response. */
    public byte[] error(JsonNode id, McpError error) {
        ObjectNode body = codec.object().put("code", error.code()).put("message", error.getMessage());
        if (error.data() != null) {
            body.set("data", error.data());
        }
        return write(new Envelope(id, null, "error", body));
    }

    /** A batch response: the given responses, as this writer wrote them, in one array. */
    public byte[] batch(List<byte[]> responses) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write('[');
        for (int i = 0; i < responses.size(); i++) {
            if (i > 0) {
                out.write(',');
            }
            out.writeBytes(responses.get(i));
        }
        out.write(']');
        return out.toByteArray();
    }

    /** A notification, with {@code params} unless {@code null}. */
    public byte[] notification(Notification method, ObjectNode params) {
        return notification(method.id(), params);
    }

    /** A notification of a method an extension names, with {@code params} unless {@code null}. */
    public byte[] notification(String method, ObjectNode params) {
        return write(new Envelope(null, method, "params", params));
    }

    /** A request of the server's own to the client. */
    public byte[] request(JsonNode id, String method, ObjectNode params) {
        return write(new Envelope(id, method, "params", params));
    }

    private byte[] write(Envelope envelope) {
        return codec.mapper().writeValueAsBytes(envelope);
    }

    /** A buffer that refuses the write that would take it past its bound. */
    private static final class Bounded extends ByteArrayOutputStream {

        private final int max;

        Bounded(int max) {
            // small to start: an answer is a few hundred bytes, and Jackson hands over its whole buffer in one write
            super(Math.min(max, 256));
            this.max = max;
        }

        @Override
        public void write(int b) {
            check(1);
            super.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            check(len);
            super.write(b, off, len);
        }

        private void check(int more) {
            if (more > max - count) {
                throw new OverBoundException();
            }
        }

        /** Unchecked, so that Jackson passes it on as it is; no stack trace: it is an answer, not a fault. */
        static final class OverBoundException extends RuntimeException {

            private static final long serialVersionUID = 1L;

            OverBoundException() {
                super(null, null, false, false);
            }
        }
    }

    /** A 2026-07-28 result, written {@code resultType} first and {@code _meta} last. */
    private static final class Modern extends JacksonSerializable.Base {

        private final ObjectNode result;
        private final ObjectNode serverInfo;

        Modern(ObjectNode result, ObjectNode serverInfo) {
            this.result = result;
            this.serverInfo = serverInfo;
        }

        @Override
        public void serialize(JsonGenerator generator, SerializationContext context) {
            generator.writeStartObject();
            JsonNode type = result.get("resultType");
            generator.writeStringProperty("resultType", type != null && type.isString() ? type.stringValue()
                    : "complete");
            for (Map.Entry<String, JsonNode> member : result.properties()) {
                String name = member.getKey();
                if (!name.equals("resultType") && !name.equals("_meta")) {
                    generator.writeName(name);
                    member.getValue().serialize(generator, context);
                }
            }
            generator.writeName("_meta");
            generator.writeStartObject();
            if (result.get("_meta") instanceof ObjectNode own) {
                for (Map.Entry<String, JsonNode> entry : own.properties()) {
                    if (!entry.getKey().equals(MetaKeys.SERVER_INFO)) {
                        generator.writeName(entry.getKey());
                        entry.getValue().serialize(generator, context);
                    }
                }
            }
            generator.writeName(MetaKeys.SERVER_INFO);
            serverInfo.serialize(generator, context);
            generator.writeEndObject();
            generator.writeEndObject();
        }

        @Override
        public void serializeWithType(JsonGenerator generator, SerializationContext context, TypeSerializer types) {
            serialize(generator, context);
        }
    }

    /** {@code {"jsonrpc":"2.0","id":…,"method":…,"<member>":…}}, each member only when present. */
    private static final class Envelope extends JacksonSerializable.Base {

        private final JsonNode id;
        private final String method;
        private final String member;
        private final JacksonSerializable value;

        Envelope(JsonNode id, String method, String member, JacksonSerializable value) {
            this.id = id;
            this.method = method;
            this.member = member;
            this.value = value;
        }

        @Override
        public void serialize(JsonGenerator generator, SerializationContext context) {
            generator.writeStartObject();
            generator.writeStringProperty("jsonrpc", "2.0");
            if (id != null) {
                generator.writeName("id");
                id.serialize(generator, context);
            }
            if (method != null) {
                generator.writeStringProperty("method", method);
            }
            if (value != null) {
                generator.writeName(member);
                value.serialize(generator, context);
            }
            generator.writeEndObject();
        }

        @Override
        public void serializeWithType(JsonGenerator generator, SerializationContext context, TypeSerializer types) {
            serialize(generator, context);
        }
    }
}
