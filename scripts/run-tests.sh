#!/usr/bin/env bash
# The tap suite with the run's engines, flake report, quarantine, coverage and timings: see
# scripts/run-tests.ts. Arguments (test files) run only those files.
set -euo pipefail
cd "$(dirname "$0")/.."
exec node --import=tsx scripts/run-tests.ts "$@"
