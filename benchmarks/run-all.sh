#!/usr/bin/env bash
# Runs every benchmark once, in about 13 minutes on 2 CPUs: JMH core, stdio, HTTP with platform threads on the
# default JVM, then HTTP on Temurin 25 with platform and with virtual threads. Build first: ./mvnw -B verify
# The summaries are printed and kept under benchmarks/results/<time>-<kind>/summary.txt.
set -euo pipefail
cd "$(dirname "$0")"
./jmh.sh
./stdio.sh
./http.sh
JAVA25="${JAVA25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}"
if [[ -x "$JAVA25" ]]; then
    STARTS="${STARTS_25:-3}" ./http.sh --java "$JAVA25"
    STARTS="${STARTS_25:-3}" ./http.sh --virtual
else
    echo "No Java 21+ at $JAVA25: skipping the virtual-thread run" >&2
fi
