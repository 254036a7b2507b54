#!/usr/bin/env bash
# Installs what building and running Star Trek Panic needs on a fresh Debian/Ubuntu machine:
# a C toolchain, pkg-config and ALSA headers (audio), the X11 and Vulkan runtime libraries,
# Xvfb with Mesa's software Vulkan (the screenshot test opens a window without a GPU), the
# console's fonts (fonts-b612 and fonts-bebas-neue, embedded by build.rs), D-Bus, at-spi2-core, pyatspi and xdotool
# (the screen-reader test),
# and Rust (rustup) if cargo is missing.
set -euo pipefail

need_apt=()
command -v cc >/dev/null 2>&1 || need_apt+=(build-essential)
command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)
command -v curl >/dev/null 2>&1 || command -v cargo >/dev/null 2>&1 || need_apt+=(curl ca-certificates)
command -v Xvfb >/dev/null 2>&1 || need_apt+=(xvfb xauth)
# The network tests make network namespaces joined by veth pairs (`ip netns`), and home
# routers that masquerade (nftables' `nft`).
command -v ip >/dev/null 2>&1 || need_apt+=(iproute2)
command -v nft >/dev/null 2>&1 || [ -x /usr/sbin/nft ] || need_apt+=(nftables)
# The screen-reader test reads the game through AT-SPI as Orca does: a D-Bus session
# (dbus), the accessibility bus (at-spi2-core) and Python's pyatspi; it presses keys on the
# game's window with xdotool.
for pkg in fonts-b612 fonts-bebas-neue libasound2-dev mesa-vulkan-drivers libvulkan1 libx11-xcb1 libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0 dbus at-spi2-core python3-pyatspi xdotool; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need_apt+=("$pkg")
done

if [ ${#need_apt[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing system packages: ${need_apt[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need_apt[@]}"
fi

if ! command -v cargo >/dev/null 2>&1; then
  if [ -x "$HOME/.cargo/bin/cargo" ]; then
    export PATH="$HOME/.cargo/bin:$PATH"
  else
    echo "Installing Rust 1.95 with rustup"
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --default-toolchain 1.95.0 --profile minimal --component clippy,rustfmt
    export PATH="$HOME/.cargo/bin:$PATH"
  fi
fi
