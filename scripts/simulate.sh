#!/usr/bin/env bash
# Plays bot games headless with the release build: scripts/simulate.sh --games 1000 --preset cadet
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/star-trek-panic/target}"
# The headless commands need no renderer: leaving it out keeps the release build short.
exec cargo run --release --locked --quiet --no-default-features -- simulate "$@"
