package io.beammcp.core.server;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The members of the server's JSON objects behave as a {@link LinkedHashMap} would, in the array and once
 * moved to the map, checked against one driven through the same operations.
 */
class MemberMapTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Test
    void everyOperationMatchesALinkedHashMapBelowAndBeyondTheArrayLimit() {
        MemberMap members = new MemberMap();
        Map<String, JsonNode> expected = new LinkedHashMap<>();
        for (int i = 0; i < MemberMap.ARRAY_LIMIT * 3; i++) {
            String key = "k" + (i * 7 % 13) + "-" + (i % 5);
            JsonNode value = NODES.numberNode(i);
            assertThat(members.put(key, value)).isEqualTo(expected.put(key, value));
            if (i % 4 == 3) {
                String gone = expected.keySet().iterator().next();
                assertThat(members.remove(gone)).isEqualTo(expected.remove(gone));
                assertThat(members.remove("absent")).isNull();
            }
            assertThat(members).isEqualTo(expected);
            assertThat(members.hashCode()).isEqualTo(expected.hashCode());
            assertThat(new ArrayList<>(members.entrySet())).isEqualTo(new ArrayList<>(expected.entrySet()));
            assertThat(new ArrayList<>(members.keySet())).isEqualTo(new ArrayList<>(expected.keySet()));
            assertThat(members.size()).isEqualTo(expected.size());
            assertThat(members.containsKey(key)).isTrue();
            assertThat(members.get(key)).isSameAs(value);
            assertThat(members.get("absent")).isNull();
        }
        members.clear();
        assertThat(members).isEmpty();
    }

    @Test
    void aReplacedMemberKeepsItsPlaceAndReturnsTheOldValue() {
        MemberMap members = new MemberMap();
        members.put("a", NODES.numberNode(1));
        members.put("b", NODES.numberNode(2));
        assertThat(members.put("a", NODES.numberNode(3))).isEqualTo(NODES.numberNode(1));
        assertThat(members.keySet()).containsExactly("a", "b");
        members.entrySet().iterator().next().setValue(NODES.numberNode(4));
        assertThat(members.get("a")).isEqualTo(NODES.numberNode(4));
    }

    @Test
    void theIteratorRemovesInPlaceAndRefusesAConcurrentChange() {
        MemberMap members = new MemberMap();
        for (String key : List.of("a", "b", "c", "d")) {
            members.put(key, NODES.stringNode(key));
        }
        Iterator<Map.Entry<String, JsonNode>> it = members.entrySet().iterator();
        assertThatThrownBy(it::remove).isInstanceOf(IllegalStateException.class);
        while (it.hasNext()) {
            if (!it.next().getKey().equals("c")) {
                it.remove();
            }
        }
        assertThat(members.keySet()).containsExactly("c");
        Iterator<String> keys = members.keySet().iterator();
        members.put("e", NODES.nullNode());
        assertThatThrownBy(keys::next).isInstanceOf(ConcurrentModificationException.class);
    }

    @Test
    void objectsTheCodecReadsAndWritesKeepOrderAndRefuseRepeatedKeysBeyondTheArrayLimit() {
        JsonCodec codec = new JsonCodec(1024 * 1024);
        StringBuilder json = new StringBuilder("{");
        for (int i = 0; i < 40; i++) {
            json.append(i == 0 ? "" : ",").append("\"m").append(39 - i).append("\":").append(i);
        }
        String text = json.append('}').toString();
        JsonNode node = codec.read(text.getBytes(StandardCharsets.UTF_8));
        assertThat(new String(codec.write(node), StandardCharsets.UTF_8)).isEqualTo(text);
        assertThat(node.get("m0").intValue()).isEqualTo(39);
        assertThatThrownBy(() -> codec.read((text.substring(0, text.length() - 1) + ",\"m7\":1}")
                .getBytes(StandardCharsets.UTF_8))).isInstanceOf(McpError.class);
        ObjectNode built = codec.object();
        built.put("z", 1).put("a", 2);
        assertThat(codec.writeString(built)).isEqualTo("{\"z\":1,\"a\":2}");
        assertThat(built).isEqualTo(codec.read("{\"a\":2,\"z\":1}".getBytes(StandardCharsets.UTF_8)));
    }
}
