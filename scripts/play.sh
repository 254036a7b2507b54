#!/usr/bin/env bash
# Plays Star Trek Panic: scripts/play.sh [--seed S --players P --preset NAME]
# Installs what it needs first (scripts/setup.sh), then builds and plays the `play` profile:
# release's optimisation (opt-level 3) without its link-time passes (Cargo.toml).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/star-trek-panic/target}"
if [ ! -x "$CARGO_TARGET_DIR/play/star-trek-panic" ]; then
  # Measured on a 2-core machine with nothing built: 29 minutes of CPU, about a quarter of an
  # hour on two free cores.
  echo "Building the game for the first time: about a quarter of an hour on two cores." \
    "Later starts take seconds." >&2
fi
exec cargo run --locked --quiet --profile play -- "$@"
