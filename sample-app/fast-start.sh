#!/usr/bin/env bash
# Fast start for the packaged sample, as docs/fast-start.md gives it for any application: extracts the jar (Spring
# Boot's tools jar mode), runs it once over stdio answering one server/discover probe, and lets the JVM record what
# it loaded: an AOT cache on Java 24 and later (-XX:AOTCacheOutput), a CDS archive on Java 17 to 23
# (-XX:ArchiveClassesAtExit). Then prints the MCP client configuration that starts from it, with the quick
# compiler only (-XX:TieredStopAtLevel=1).
#
#   sample-app/fast-start.sh [--java PATH] [--jar PATH] [--dir DIR] [--http]
#
# --java: the JVM that will run the server (default: $JAVA_HOME/bin/java, else java on the PATH); the cache is
#         valid only for that JVM and that jar, so rerun this after upgrading either.
# --jar:  the Spring Boot jar (default: target/sample-app.jar next to this script).
# --dir:  where the extracted application and the cache go (default: target/fast-start next to this script).
# --http: train the HTTP mode instead (the server starts on a free port, answers a client's first requests with
#         curl, and ends on SIGTERM); prints the command line rather than a client configuration.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
JAVA_BIN="${JAVA_HOME:+$JAVA_HOME/bin/java}"
JAR="$HERE/target/sample-app.jar"
DIR="$HERE/target/fast-start"
MODE=stdio
while [[ $# -gt 0 ]]; do
    case "$1" in
        --java) JAVA_BIN="$2"; shift ;;
        --jar) JAR="$2"; shift ;;
        --dir) DIR="$2"; shift ;;
        --http) MODE=http ;;
        *) echo "usage: $0 [--java PATH] [--jar PATH] [--dir DIR] [--http]" >&2; exit 2 ;;
    esac
    shift
done
JAVA_BIN="$(readlink -f "$(command -v "${JAVA_BIN:-java}")")"
[[ -f "$JAR" ]] || { echo "No $JAR: build first (./mvnw -B -pl sample-app -am package -DskipTests)" >&2; exit 2; }
mkdir -p "$DIR"
DIR="$(cd "$DIR" && pwd)"

# 1. the extracted layout: the application's jar with its libraries beside it, which CDS and the AOT cache need
rm -rf "$DIR/lib" "$DIR/$(basename "$JAR")"
"$JAVA_BIN" -Djarmode=tools -jar "$JAR" extract --force --destination "$DIR" > /dev/null
APP_JAR="$DIR/$(basename "$JAR")"

FEATURE=$("$JAVA_BIN" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p')
if (( FEATURE >= 24 )); then
    CACHE="$DIR/$MODE.aot"
    TRAIN_OPT="-XX:AOTCacheOutput=$CACHE"
    RUN_OPT="-XX:AOTCache=$CACHE"
else
    CACHE="$DIR/$MODE.jsa"
    TRAIN_OPT="-XX:ArchiveClassesAtExit=$CACHE"
    RUN_OPT="-XX:SharedArchiveFile=$CACHE"
fi
# The JVM writes its own warnings to standard output by default, which in stdio mode is the protocol's: send them
# to standard error (a stale cache, for one, is reported with a warning and then ignored).
LOG_OPTS=(-Xlog:disable -Xlog:all=warning:stderr)
# A desktop client's server answers one person: with the quick compiler alone (C1) a start takes 0.6x the CPU,
# which the optimizing one spends on code that runs a few times. Drop it for tools that compute for long.
JIT_OPTS=(-XX:TieredStopAtLevel=1)
# Spring AOT: a jar built with process-aot holds its bean definitions as code, which the HTTP mode uses (stdio
# cannot: the transport, chosen at start, changes the beans); the file names are stored uncompressed in the jar
SPRING_AOT=()
if [[ $MODE == http ]] && grep -qa '__ApplicationContextInitializer\.class' "$APP_JAR"; then
    SPRING_AOT=(-Dspring.aot.enabled=true)
fi
rm -f "$CACHE"

# 2. the training run
META='"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}'
if [[ $MODE == stdio ]]; then
    # the client's first message; the server answers it and exits at the end of input
    echo '{"jsonrpc":"2.0","id":1,"method":"server/discover"}' \
        | "$JAVA_BIN" "$TRAIN_OPT" -jar "$APP_JAR" --beammcp.transport=stdio > "$DIR/training.out" 2> "$DIR/training.log"
    grep -q '"id":1,"result"' "$DIR/training.out" \
        || { echo "The training run did not answer; see $DIR/training.log" >&2; exit 1; }
else
    # the server on a free port, the calls a client makes first, then SIGTERM: the JVM writes the cache as it exits
    "$JAVA_BIN" "$TRAIN_OPT" "${LOG_OPTS[@]}" ${SPRING_AOT[@]+"${SPRING_AOT[@]}"} -jar "$APP_JAR" --server.port=0 --management.server.port=0 \
        > "$DIR/training.log" 2>&1 &
    SERVER=$!
    PORT=
    for _ in $(seq 1 600); do
        kill -0 "$SERVER" 2> /dev/null || break
        # the MCP server starts first; Actuator's, on its own port, after it
        PORT=$(sed -n 's/.*Tomcat started on port \([0-9]*\).*/\1/p' "$DIR/training.log" | head -1)
        [[ -n $PORT ]] && break
        sleep 0.1
    done
    [[ -n $PORT ]] || { kill "$SERVER" 2> /dev/null; echo "The server did not start; see $DIR/training.log" >&2; exit 1; }
    post() {
        curl -sS --max-time 30 -w '\nHTTP %{http_code}\n' -H 'Content-Type: application/json' \
            -H 'Accept: application/json, text/event-stream' "$@" "http://127.0.0.1:$PORT/mcp"
    }
    {
        modern() { post -H 'MCP-Protocol-Version: 2026-07-28' -H "Mcp-Method: $1" ${2:+-H "Mcp-Name: $2"} -d "$3"; }
        modern server/discover '' '{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{'"$META"'}}'
        modern tools/list '' '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{'"$META"'}}'
        modern tools/call get_weather \
            '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_weather","arguments":{"place":"Lisbon"},'"$META"'}}'
        post -H 'MCP-Protocol-Version: 2025-11-25' -d '{"jsonrpc":"2.0","id":4,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"fast-start","version":"1"}}}'
        modern tools/call forecast \
            '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"forecast","arguments":{"place":"Oslo","days":2},'"$META"'}}'
    } > "$DIR/training.out" 2>> "$DIR/training.log" || true
    kill -TERM "$SERVER"
    wait "$SERVER" || true
    # any answer will do (another jar may ask for a token): the request path has run
    tail -1 "$DIR/training.out" | grep -q '^HTTP [1-5][0-9][0-9]$' \
        || { echo "The training run gave no answer to its last call; see $DIR/training.log" >&2; exit 1; }
fi
[[ -s "$CACHE" ]] || { echo "The training run wrote no $CACHE; see $DIR/training.log" >&2; exit 1; }

# 3. how to start from it
if [[ $MODE == http ]]; then
    echo "$JAVA_BIN $RUN_OPT ${LOG_OPTS[*]}${SPRING_AOT[@]+ ${SPRING_AOT[*]}} -jar $APP_JAR"
    exit 0
fi
cat > "$DIR/mcp-client.json" <<EOF
{
  "mcpServers": {
    "weather": {
      "command": "$JAVA_BIN",
      "args": ["$RUN_OPT", "${LOG_OPTS[0]}", "${LOG_OPTS[1]}", "${JIT_OPTS[0]}",
               "-jar", "$APP_JAR", "--beammcp.transport=stdio"]
    }
  }
}
EOF
echo "Cache: $CACHE. MCP client configuration (also in $DIR/mcp-client.json):" >&2
cat "$DIR/mcp-client.json"
