#!/usr/bin/env bash
# Installs (apt) what the tests need, when it is missing; idempotent. Called by
# .ci/run. One package per line so additions merge cleanly.
set -euo pipefail

need=()
want() { dpkg -s "$1" >/dev/null 2>&1 || need+=("$1"); }

want pkg-config
want libyaml-dev
want libsqlite3-dev
want zlib1g-dev
# Collector/: a real PostgreSQL for the shared-storage tests (scripts/with-test-postgres.sh).
want postgresql
# Collector/: the live monitor's browser test (headless chromium driven by selenium).
want chromium
want chromium-driver
want python3-selenium

if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]}"
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"
fi
