package io.beammcp.benchmarks;

/** The input schemas and arguments the benchmarks call with. */
final class Schemas {

    static final String SMALL = "{\"type\":\"object\",\"properties\":{\"place\":{\"type\":\"string\",\"minLength\":1}},"
            + "\"required\":[\"place\"],\"additionalProperties\":false}";

    private Schemas() {
    }

    /** 40 scalar properties and 10 nested objects of 3 properties each, all required. */
    static String nested50() {
        StringBuilder properties = new StringBuilder();
        StringBuilder required = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            if (i > 0) {
                properties.append(',');
                required.append(',');
            }
            String name = "p" + i;
            required.append('"').append(name).append('"');
            if (i % 5 == 0) {
                properties.append('"').append(name).append("\":{\"type\":\"object\",\"properties\":{")
                        .append("\"a\":{\"type\":\"string\"},\"b\":{\"type\":\"integer\",\"minimum\":0},")
                        .append("\"c\":{\"enum\":[\"x\",\"y\",\"z\"]}},\"required\":[\"a\",\"b\",\"c\"]}");
            } else if (i % 2 == 0) {
                properties.append('"').append(name).append("\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":1000}");
            } else {
                properties.append('"').append(name).append("\":{\"type\":\"string\",\"maxLength\":64}");
            }
        }
        return "{\"type\":\"object\",\"properties\":{" + properties + "},\"required\":[" + required + "]}";
    }

    static String nested50Arguments() {
        StringBuilder arguments = new StringBuilder("{");
        for (int i = 0; i < 50; i++) {
            if (i > 0) {
                arguments.append(',');
            }
            arguments.append("\"p").append(i).append("\":");
            if (i % 5 == 0) {
                arguments.append("{\"a\":\"text\",\"b\":7,\"c\":\"y\"}");
            } else if (i % 2 == 0) {
                arguments.append(i * 10);
            } else {
                arguments.append("\"value ").append(i).append('"');
            }
        }
        return arguments.append('}').toString();
    }
}
