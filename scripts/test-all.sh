#!/usr/bin/env bash
# The whole test suite on a fresh machine: set up, then lint, typecheck, build and every test.
# Tests start their own private D-Bus sessions and GNOME Keyring daemons as they need them.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
printf '\033[1m==> %s\033[0m\n' "Running lint, typecheck, build and the test suite"
SIDECAR_SKIP_BUILD=1 npm test
