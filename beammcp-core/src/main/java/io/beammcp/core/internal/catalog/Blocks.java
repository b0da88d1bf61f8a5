package io.beammcp.core.internal.catalog;

import io.beammcp.core.Content;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.internal.json.JsonCodec;
import tools.jackson.databind.node.ObjectNode;

import java.util.Base64;

import static io.beammcp.core.internal.catalog.Fields.putIfPresent;

/**
 * Renders host content (tool results, prompt messages, resource contents) as the schemas define it. A
 * host value that breaks the contract (a missing required field) throws {@link IllegalStateException},
 * which the fault policy turns into {@code -32603}.
 */
public final class Blocks {

    private final JsonCodec codec;

    public Blocks(JsonCodec codec) {
        this.codec = codec;
    }

    public ObjectNode block(Content block) {
        ObjectNode node = codec.object();
        if (block instanceof Content.Text t) {
            node.put("type", "text").put("text", required(t.text(), "text"));
        } else if (block instanceof Content.Image i) {
            node.put("type", "image").put("data", base64(i.data())).put("mimeType", required(i.mimeType(), "mimeType"));
        } else if (block instanceof Content.Audio a) {
            node.put("type", "audio").put("data", base64(a.data())).put("mimeType", required(a.mimeType(), "mimeType"));
        } else if (block instanceof Content.ResourceLink l) {
            node.put("type", "resource_link").put("uri", required(l.uri(), "uri")).put("name", required(l.name(), "name"));
            putIfPresent(node, "title", l.title());
            putIfPresent(node, "description", l.description());
            putIfPresent(node, "mimeType", l.mimeType());
            if (l.size() != null) {
                node.put("size", l.size());
            }
        } else if (block instanceof Content.EmbeddedResource r) {
            node.put("type", "resource").set("resource", contents(required(r.resource(), "resource")));
        } else {
            throw new IllegalStateException("A content block is null");
        }
        return node;
    }

    public ObjectNode contents(ResourceContents contents) {
        if (contents == null) {
            throw new IllegalStateException("Resource contents are null");
        }
        ObjectNode node = codec.object();
        node.put("uri", required(contents.uri(), "uri"));
        putIfPresent(node, "mimeType", contents.mimeType());
        if ((contents.text() == null) == (contents.blob() == null)) {
            throw new IllegalStateException("Resource contents need exactly one of text and blob");
        }
        if (contents.text() != null) {
            node.put("text", contents.text());
        } else {
            node.put("blob", base64(contents.blob()));
        }
        if (contents.meta() != null) {
            node.set("_meta", codec.toTree(contents.meta()));
        }
        return node;
    }

    private static String base64(byte[] data) {
        return Base64.getEncoder().encodeToString(required(data, "data"));
    }

    private static <T> T required(T value, String field) {
        if (value == null) {
            throw new IllegalStateException("Host content has no " + field);
        }
        return value;
    }
}
