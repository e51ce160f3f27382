#!/usr/bin/env bash
# The whole test suite on a fresh machine: set up, then lint, typecheck, build and every test, then
# the packaging step (npm run package on that build, and the packaged forms launched).
# Tests start their own private D-Bus sessions and GNOME Keyring daemons as they need them.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
printf '\033[1m==> %s\033[0m\n' "Running lint, typecheck, build and the test suite"
SIDECAR_SKIP_BUILD=1 npm test
printf '\033[1m==> %s\033[0m\n' "Packaging the built sidecar and launching the packaged forms"
SIDECAR_SKIP_BUILD=1 npm run test:packaging
