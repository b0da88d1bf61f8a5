package io.beammcp.conformance;

import io.beammcp.core.CallContext;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceEntry;
import io.beammcp.core.catalog.ResourceReader;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ResourceTemplateSpec;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The resources the conformance suite's server scenarios read. */
final class FixtureResources implements ResourceReader {

    private static final Pattern TEMPLATE = Pattern.compile("test://template/([^/]+)/data");

    static final List<ResourceEntry> RESOURCES = List.of(
            ResourceSpec.builder("test://static-text", "static-text").description("A static text resource.")
                    .mimeType("text/plain").build(),
            ResourceSpec.builder("test://static-binary", "static-binary").description("A static PNG image.")
                    .mimeType("image/png").build(),
            ResourceSpec.builder("test://watched-resource", "watched-resource").description("A resource to watch.")
                    .mimeType("text/plain").build(),
            ResourceTemplateSpec.builder("test://template/{id}/data", "template").description("Data for an id.")
                    .mimeType("application/json").build());

    @Override
    public ReadResult read(String uri, CallContext context) {
        switch (uri) {
            case "test://static-text":
                return ReadResult.of(ResourceContents.text(uri, "text/plain",
                        "This is the content of the static text resource."));
            case "test://static-binary":
                return ReadResult.of(ResourceContents.blob(uri, "image/png", Media.PNG));
            case "test://watched-resource":
                return ReadResult.of(ResourceContents.text(uri, "text/plain", "Watched resource content."));
            default:
                Matcher m = TEMPLATE.matcher(uri);
                if (m.matches()) {
                    return ReadResult.of(ResourceContents.text(uri, "application/json",
                            "{\"id\":\"" + m.group(1) + "\",\"templateTest\":true,\"data\":\"Data for ID: " + m.group(1)
                                    + "\"}"));
                }
                return ReadResult.notFound();
        }
    }
}
