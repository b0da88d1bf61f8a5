# Shared by the benchmark scripts: sourced, not run. Paths, free loopback ports, process clean-up, arithmetic.

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT_DIR="$(cd "$BENCH_DIR/.." && pwd)"
SAMPLE_JAR="${SAMPLE_JAR:-$ROOT_DIR/sample-app/target/sample-app.jar}"
BARE_JAR="${BARE_JAR:-$BENCH_DIR/bare-app/target/bare-app.jar}"
JMH_JAR="${JMH_JAR:-$BENCH_DIR/jmh/target/benchmarks.jar}"
# a reactive sample (Spring WebFlux on Reactor Netty), compared beside the others when this names a jar
REACTIVE_JAR="${REACTIVE_JAR:-}"
JAVA="${JAVA:-java}"
JAVA25="${JAVA25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}"
# extra JVM options for every process under test, the same for the app and its baseline
read -r -a JAVA_OPTS_ARRAY <<< "${JAVA_OPTS:-}"

STARTED_PIDS=()

require_jars() {
    local jar
    for jar in "$@"; do
        if [[ ! -f "$jar" ]]; then
            echo "Missing $jar: build first with  ./mvnw -B verify  (or  ./mvnw -B -DskipTests package)" >&2
            exit 2
        fi
    done
}

# A port free on 127.0.0.1 now (the kernel picks it; the window until the app binds it is short).
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Kills the processes these scripts started, by pid, and waits for them briefly.
cleanup() {
    local pid
    for pid in "${STARTED_PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${STARTED_PIDS[@]}"; do
        for _ in $(seq 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -9 "$pid" 2>/dev/null || true
    done
    STARTED_PIDS=()
    [[ -n "${SNAPSHOT_DIR:-}" ]] && rm -rf "$SNAPSHOT_DIR"
    return 0
}

stop_pid() {
    local pid=$1 kept=() p
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 100); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    for p in "${STARTED_PIDS[@]}"; do
        [[ "$p" == "$pid" ]] || kept+=("$p")
    done
    STARTED_PIDS=("${kept[@]}")
}

CLK_TCK="$(getconf CLK_TCK)"

# user + system CPU time of a process, in clock ticks (fields 14 and 15 of /proc/PID/stat)
cpu_ticks() {
    awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat" 2>/dev/null || echo 0
}

now_ms() {
    echo $(( $(date +%s%N) / 1000000 ))
}

# Resident set size of a process in MiB (VmRSS of /proc/PID/status).
rss_mib() {
    awk '/^VmRSS:/ { printf "%.0f", $2 / 1024 }' "/proc/$1/status" 2>/dev/null || echo 0
}

# median of the arguments (numbers)
median() {
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) { print "nan"; exit }
        if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# a / b with 2 decimals
ratio() {
    awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "nan"; else printf "%.2f", a / b }'
}

# Copies the jars under test into a temporary directory (removed by cleanup) and points SAMPLE_JAR, BARE_JAR, JMH_JAR
# and REACTIVE_JAR at the copies, so that a
# rebuild while the benchmark runs cannot change or break what is measured. Waits (bounded) for a jar that is
# being written.
snapshot_jars() {
    SNAPSHOT_DIR="$(mktemp -d /tmp/beammcp-bench-jars.XXXXXX)"
    local var jar copy
    for var in SAMPLE_JAR BARE_JAR JMH_JAR REACTIVE_JAR; do
        jar="${!var}"
        [[ -n "$jar" && -f "$jar" ]] || continue
        copy="$SNAPSHOT_DIR/$(basename "$jar")"
        for _ in $(seq 30); do
            cp "$jar" "$copy" && unzip -tqq "$copy" > /dev/null 2>&1 && break
            sleep 2
        done
        unzip -tqq "$copy" > /dev/null 2>&1 || { echo "$jar is not a valid jar" >&2; exit 2; }
        printf -v "$var" '%s' "$copy"
    done
}

# Builds a comparison app of benchmarks/ (a Maven project outside the build) with the wrapper when its product is
# missing or older than its sources, bounded in time. The first build downloads the app's libraries.
build_peer_app() { # dir product timeout_s
    local dir="$BENCH_DIR/$1"
    if [[ ! -f "$dir/target/$2" || -n "$(find "$dir/pom.xml" "$dir/src" -newer "$dir/target/$2" -print -quit)" ]]; then
        echo "Building benchmarks/$1" >&2
        timeout "$3" "$ROOT_DIR/mvnw" -B -q -f "$dir/pom.xml" package -DskipTests >&2 \
            || { echo "benchmarks/$1 did not build within $3 s" >&2; exit 2; }
    fi
}

# The Quarkus MCP Server of benchmarks/quarkus-app, built when missing and copied whole (its launcher jar beside
# lib/ and quarkus/) into the snapshot directory, as the jars are; sets QUARKUS_JAR to the copy's launcher.
snapshot_quarkus_app() {
    build_peer_app quarkus-app quarkus-app/quarkus-run.jar 900
    cp -r "$BENCH_DIR/quarkus-app/target/quarkus-app" "$SNAPSHOT_DIR/quarkus-app"
    QUARKUS_JAR="$SNAPSHOT_DIR/quarkus-app/quarkus-run.jar"
}

# The MCP Java SDK's 2026-07-28 server of benchmarks/sdk-app, built when missing or stale and copied (its launcher jar
# beside lib/) into the snapshot directory; sets SDK_JAR to the copy's launcher.
snapshot_sdk_app() {
    build_peer_app sdk-app sdk-app.jar 300
    mkdir -p "$SNAPSHOT_DIR/sdk-app"
    cp -r "$BENCH_DIR/sdk-app/target/sdk-app.jar" "$BENCH_DIR/sdk-app/target/lib" "$SNAPSHOT_DIR/sdk-app/"
    SDK_JAR="$SNAPSHOT_DIR/sdk-app/sdk-app.jar"
}

# Installs a tool from Debian's packages when it is missing (as root), bounded in time.
ensure_tool() { # command package
    command -v "$1" > /dev/null && return 0
    echo "Installing $2 from Debian packages" >&2
    timeout 300 apt-get update -qq > /dev/null && timeout 300 apt-get install -y -qq "$2" > /dev/null
    command -v "$1" > /dev/null || { echo "could not install $2" >&2; exit 2; }
}

results_dir() {
    local dir="${RESULTS_DIR:-$BENCH_DIR/results}/$(date -u +%Y%m%dT%H%M%SZ)-$1"
    mkdir -p "$dir"
    echo "$dir"
}

# The sample jar ships Spring Boot Actuator (an ObservationRegistry and the Prometheus registry). Plain runs leave
# it out with the sample's own actuator-off.yml, so they measure the server alone; observed runs keep it (over
# stdio, by undoing the exclusion stdio imports).
PLAIN_SAMPLE_ARGS=(--spring.config.import=classpath:/actuator-off.yml)
OBSERVED_STDIO_ARGS=(--beammcp.sample.stdio-actuator=on)

# A benchmark is one caller making every call: every server started here checks a rate per caller (stdio too,
# where the sample sets none), so its cost is measured, at a height no run reaches (read from the environment).
export BEAMMCP_LIMITS_TOOLCALLSPERCALLER=1000000000
