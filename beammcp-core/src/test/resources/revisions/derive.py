"""Derives the strict test schemas of beammcp-core from the official MCP schemas (see README.md beside them)."""
import json, sys

ROOTS = ["JSONRPCError", "ServerNotification", "ServerRequest", "InitializeResult", "ListToolsResult",
         "CallToolResult", "ListResourcesResult", "ListResourceTemplatesResult", "ReadResourceResult",
         "ListPromptsResult", "GetPromptResult", "CompleteResult", "EmptyResult", "JSONRPCBatchResponse"]
OPEN = {"inputSchema", "outputSchema", "requestedSchema"}

def strip(node, name=None):
    if isinstance(node, list):
        return [strip(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key == "description":
            continue
        if key == "properties" and isinstance(value, dict):
            out[key] = {p: strip(v, p) for p, v in value.items()}
        else:
            out[key] = strip(value)
    if "properties" in out and "additionalProperties" not in out and name not in OPEN:
        out["additionalProperties"] = False
    return out

def refs(node, found):
    if isinstance(node, dict):
        if "$ref" in node:
            found.add(node["$ref"].split("/")[-1])
        for v in node.values():
            refs(v, found)
    elif isinstance(node, list):
        for v in node:
            refs(v, found)

def main(source, revision, commit, target):
    defs = json.load(open(source))["definitions"]
    keep, todo = set(), [r for r in ROOTS if r in defs]
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        keep.add(name)
        found = set()
        refs(defs[name], found)
        todo.extend(found - keep)
    out = {"$schema": "http://json-schema.org/draft-07/schema#",
           "$comment": "Derived from schema/" + revision + "/schema.json of modelcontextprotocol/modelcontextprotocol at "
                       + commit + ": the definitions of what a server sends, without descriptions, every object "
                       "listing its properties closed (additionalProperties false) except tool and elicitation schemas",
           "definitions": {name: strip(defs[name]) for name in sorted(keep)}}
    with open(target, "w") as f:
        json.dump(out, f, indent=1, sort_keys=False)
        f.write("\n")

main(*sys.argv[1:])
