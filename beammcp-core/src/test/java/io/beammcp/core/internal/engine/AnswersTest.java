package io.beammcp.core.internal.engine;

import io.beammcp.core.Revision;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.Envelopes;
import io.beammcp.core.internal.protocol.McpMethod;
import io.beammcp.core.internal.protocol.ResultShaper;
import io.beammcp.core.spi.Reply;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JacksonSerializable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.jsontype.TypeSerializer;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A result that runs the heap out while it is encoded (simulated: a node whose writing throws
 * {@link OutOfMemoryError}, as writing a result larger than the heap would) ends that call with an answer, a
 * tool error for a tool and {@code -32603} otherwise, instead of the error reaching the transport's thread.
 */
class AnswersTest {

    private final JsonCodec codec = new JsonCodec(1 << 20);

    private Answers answers(int maxResultBytes) {
        return new Answers(codec, new Envelopes(codec), new ResultShaper(codec, "t", "1"), maxResultBytes);
    }

    /** Writing it runs out of memory. */
    private static final class Exhausting extends JacksonSerializable.Base {

        @Override
        public void serialize(JsonGenerator generator, SerializationContext context) {
            throw new OutOfMemoryError("simulated: Java heap space");
        }

        @Override
        public void serializeWithType(JsonGenerator generator, SerializationContext context, TypeSerializer types) {
            serialize(generator, context);
        }
    }

    private ObjectNode exhausting() {
        ObjectNode result = codec.object();
        result.putArray("content").addObject().put("type", "text").put("text", "x");
        result.set("structuredContent", codec.nodes().pojoNode(new Exhausting()));
        return result;
    }

    @Test
    void runningOutOfMemoryWhileEncodingAToolResultIsAToolErrorAndAnyOtherResultA32603() {
        // without a cap and under one: the two ways a result is written
        for (Answers answers : new Answers[] {answers(0), answers(4 << 20)}) {
            for (Revision era : Revision.values()) {
                assertAnswered(answers, era);
            }
        }
    }

    private void assertAnswered(Answers answers, Revision era) {
        Reply tool = answers.hostResult(era, codec.nodes().numberNode(7), McpMethod.TOOLS_CALL, null, exhausting(),
                null);
        JsonNode body = codec.read(tool.body());
        assertThat(body.at("/id").asInt()).isEqualTo(7);
        assertThat(body.at("/result/isError").asBoolean()).isTrue();
        assertThat(body.at("/result/content/0/text").asString())
                .isEqualTo("The result was too large to send: the server ran out of memory encoding it");
        assertThat(body.at("/result").has("structuredContent")).isFalse();

        Reply read = answers.hostResult(era, codec.nodes().numberNode(8), McpMethod.RESOURCES_READ, null,
                exhausting(), null);
        JsonNode error = codec.read(read.body());
        assertThat(error.at("/id").asInt()).isEqualTo(8);
        assertThat(error.at("/error/code").asInt()).isEqualTo(-32603);
        assertThat(error.at("/error/message").asString())
                .isEqualTo("The result was too large to send: the server ran out of memory encoding it");
    }
}
