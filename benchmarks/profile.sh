#!/usr/bin/env bash
# Where the time and the allocations go, with Java Flight Recorder (settings=profile), summarised by
# jfr_summary.py (CPU samples and allocation samples by top frame and by the first io.beammcp frame).
#
#   benchmarks/profile.sh http  [--virtual]   sample app under wrk, 64 connections, 2026-07-28 tools/call
#                                             (APP=bare: the baseline app instead, APP=observed: the sample with
#                                             Actuator as shipped, APP=quarkus: the Quarkus MCP Server of
#                                             benchmarks/quarkus-app, session calls only; APP=reactive: the jar
#                                             REACTIVE_JAR names; KIND=legacy: session calls); the CPU of the
#                                             sample, the reactive sample and Quarkus also by stage of the request
#                                             path, the observed sample's Micrometer CPU also by its caller
#   benchmarks/profile.sh stdio [--observed]  sample jar on stdio, 100,000 pipelined tools/call (observed: with
#                                             an ObservationRegistry and the Prometheus registry, as stdio.sh)
#   benchmarks/profile.sh jmh                 CallPathBenchmark (small schema) in JMH with -prof jfr
#
# Environment: SECONDS_RECORDED (http, 20), WARMUP (http, s of load before it, 30), CALLS (stdio, 100000),
# KIND (http: modern|legacy), APP (http: sample|bare|observed|quarkus|reactive), REACTIVE_JAR, JFR_SETTINGS (profile),
# RESULTS_DIR, JAVA_OPTS.
set -euo pipefail
source "$(dirname "$0")/common.sh"

WHAT="${1:-}"
shift || true
JAVA_BIN="$JAVA"
APP_ARGS=()
[[ "${1:-}" == --virtual && "$WHAT" == http ]] && { JAVA_BIN="$JAVA25"; APP_ARGS+=(--spring.threads.virtual.enabled=true); }
JDK_BIN="$(dirname "$(readlink -f "$(command -v "$JAVA_BIN")")")"
SUMMARY=(python3 "$BENCH_DIR/jfr_summary.py")
trap cleanup EXIT
trap 'exit 130' INT TERM
OUT="$(results_dir "profile-$WHAT")"
snapshot_jars
echo "results in $OUT"

case "$WHAT" in
http)
    require_jars "$SAMPLE_JAR" "$BARE_JAR"
    APP_JAR="$SAMPLE_JAR"
    summary_args=(--stages sample)
    [[ "${APP:-sample}" == bare ]] && { APP_JAR="$BARE_JAR"; summary_args=(); }
    # observed: also who pays for Micrometer (the MCP observation, Spring MVC's request observation)
    [[ "${APP:-sample}" == observed ]] && summary_args+=(--callers-of io.micrometer)
    if [[ "${APP:-sample}" == reactive ]]; then
        require_jars "${REACTIVE_JAR:?APP=reactive profiles the jar REACTIVE_JAR names}"
        APP_JAR="$REACTIVE_JAR"
        summary_args=(--stages reactive)
    fi
    if [[ "${APP:-sample}" == quarkus ]]; then
        snapshot_quarkus_app
        APP_JAR="$QUARKUS_JAR"
        summary_args=(--stages quarkus)
        KIND=legacy
    fi
    ensure_tool wrk wrk
    KIND="${KIND:-modern}"
    port=$(free_port)
    own=()
    [[ "$APP_JAR" == "$SAMPLE_JAR" ]] && own=("${PLAIN_SAMPLE_ARGS[@]}")
    # the sample's exclusion of Actuator, should the reactive sample ship the same file
    [[ "${APP:-sample}" == reactive ]] && own=(--spring.config.import=optional:classpath:/actuator-off.yml)
    # APP=observed: the sample jar as shipped (Actuator on a free management port of its own)
    [[ "${APP:-sample}" == observed ]] && own=(--management.server.port="$(free_port)")
    # the flight recorder from launch: started later, it instruments classes the JIT has compiled, and the
    # deoptimized code ran at a tenth of its speed for longer than a recording lasts; the measured recording
    # begins after the warm-up
    jfr=(-XX:StartFlightRecording=name=warm,settings="${JFR_SETTINGS:-profile}")
    if [[ "${APP:-sample}" == quarkus ]]; then
        "$JAVA_BIN" "${JAVA_OPTS_ARRAY[@]}" "${jfr[@]}" -Dquarkus.http.port="$port" -jar "$APP_JAR" > "$OUT/app.log" 2>&1 &
    else
        "$JAVA_BIN" "${JAVA_OPTS_ARRAY[@]}" "${jfr[@]}" -jar "$APP_JAR" --server.port="$port" "${own[@]}" "${APP_ARGS[@]}" \
            > "$OUT/app.log" 2>&1 &
    fi
    pid=$!
    STARTED_PIDS+=("$pid")
    body='{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_weather","arguments":{"place":"Lisbon"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}'
    headers=(-H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream')
    for _ in $(seq 240); do
        if [[ $KIND == modern ]]; then
            curl -s --max-time 1 "http://127.0.0.1:$port/mcp" "${headers[@]}" -H 'MCP-Protocol-Version: 2026-07-28' \
                -H 'Mcp-Method: tools/call' -H 'Mcp-Name: get_weather' -d "$body" | grep -q resultType && break
        else
            curl -s --max-time 1 "http://127.0.0.1:$port/mcp" "${headers[@]}" -H 'MCP-Protocol-Version: 2025-11-25' \
                -d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}' \
                | grep -q protocolVersion && break
        fi
        sleep 0.25
    done
    {
        echo 'wrk.method = "POST"'
        echo 'wrk.headers["Content-Type"] = "application/json"'
        echo 'wrk.headers["Accept"] = "application/json, text/event-stream"'
        if [[ $KIND == modern ]]; then
            echo "wrk.body = '$body'"
            echo 'wrk.headers["MCP-Protocol-Version"] = "2026-07-28"'
            echo 'wrk.headers["Mcp-Method"] = "tools/call"'
            echo 'wrk.headers["Mcp-Name"] = "get_weather"'
        else
            session=$(curl -s --max-time 5 -D - -o /dev/null "http://127.0.0.1:$port/mcp" "${headers[@]}" \
                -H 'MCP-Protocol-Version: 2025-11-25' \
                -d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}' \
                | tr -d '\r' | awk -F': ' 'tolower($1) == "mcp-session-id" { print $2 }')
            curl -s --max-time 5 -o /dev/null "http://127.0.0.1:$port/mcp" "${headers[@]}" -H 'MCP-Protocol-Version: 2025-11-25' \
                -H "Mcp-Session-Id: $session" -d '{"jsonrpc":"2.0","method":"notifications/initialized"}'
            echo "wrk.body = '{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"get_weather\",\"arguments\":{\"place\":\"Lisbon\"}}}'"
            echo 'wrk.headers["MCP-Protocol-Version"] = "2025-11-25"'
            echo "wrk.headers[\"Mcp-Session-Id\"] = \"$session\""
        fi
    } > "$OUT/load.lua"
    timeout $((${WARMUP:-30} + 60)) wrk -t2 -c64 -d"${WARMUP:-30}s" -s "$OUT/load.lua" "http://127.0.0.1:$port/mcp" > "$OUT/warmup.txt" 2>&1 || true
    "$JDK_BIN/jcmd" "$pid" JFR.start name=bench settings="${JFR_SETTINGS:-profile}" > /dev/null
    "$JDK_BIN/jcmd" "$pid" JFR.stop name=warm > /dev/null
    cpu0=$(cpu_ticks "$pid")
    timeout $((${SECONDS_RECORDED:-20} + 60)) wrk -t2 -c64 -d"${SECONDS_RECORDED:-20}s" --latency -s "$OUT/load.lua" \
        "http://127.0.0.1:$port/mcp" > "$OUT/wrk.txt" 2>&1 || true
    cpu1=$(cpu_ticks "$pid")
    "$JDK_BIN/jcmd" "$pid" JFR.dump name=bench filename="$OUT/http.jfr" > /dev/null
    "$JDK_BIN/jcmd" "$pid" JFR.stop name=bench > /dev/null
    grep -E 'Requests/sec|Non-2xx|Socket errors' "$OUT/wrk.txt" || true
    requests=$(awk '/requests in/ { print $1 }' "$OUT/wrk.txt")
    awk -v t=$((cpu1 - cpu0)) -v hz="$CLK_TCK" -v n="${requests:-0}" 'BEGIN { if (n > 0)
        printf "the process used %.1f us of CPU per request during the recording (all threads, JIT and GC included)\n", t * 1e6 / hz / n }' | tee "$OUT/cpu.txt"
    "${SUMMARY[@]}" "$OUT/http.jfr" --requests "${requests:-0}" "${summary_args[@]}" | tee "$OUT/summary.txt"
    ;;
stdio)
    require_jars "$SAMPLE_JAR" "$JMH_JAR"
    APP_CMD=("$JAVA_BIN" "${JAVA_OPTS_ARRAY[@]}" -jar "$SAMPLE_JAR")
    own=()
    [[ "${1:-}" == --observed ]] && own=("${OBSERVED_STDIO_ARGS[@]}")
    timeout 300 "$JAVA" -cp "$JMH_JAR" io.beammcp.benchmarks.stdio.StdioDriver --calls "${CALLS:-100000}" --warmup 20000 \
        --stderr "$OUT/app.err" -- "${APP_CMD[0]}" -Xlog:jfr+startup=off \
        "-XX:StartFlightRecording=settings=profile,filename=$OUT/stdio.jfr,dumponexit=true" \
        "${APP_CMD[@]:1}" --beammcp.transport=stdio "${own[@]}" &
    STARTED_PIDS+=("$!")
    wait "$!"
    "${SUMMARY[@]}" "$OUT/stdio.jfr" --requests "$((${CALLS:-100000} + 20001))" | tee "$OUT/summary.txt"
    ;;
jmh)
    require_jars "$JMH_JAR"
    timeout 600 "$JAVA_BIN" "${JAVA_OPTS_ARRAY[@]}" -jar "$JMH_JAR" CallPathBenchmark -p schema=small \
        -prof "jfr:dir=$OUT;configName=profile" > "$OUT/jmh.txt" 2>&1 &
    STARTED_PIDS+=("$!")
    wait "$!"
    recording=$(find "$OUT" -name '*.jfr' | head -1)
    "${SUMMARY[@]}" "$recording" | tee "$OUT/summary.txt"
    ;;
*)
    echo "usage: $0 http [--virtual] | stdio | jmh" >&2
    exit 2
    ;;
esac
