#!/usr/bin/env bash
# The browser the e2e tests and the benches start (apps/web/playwright.config.ts, bench/*/run.ts):
# Chromium (CHROME_PATH, or Debian's /usr/bin/chromium) with the switches they all want (no sandbox:
# CI runs as root; no GPU; no background networking, component updates or sync) and every
# --disable-features switch merged into one. Chromium keeps only the last of a repeated switch, so a list of ours, given after the
# launcher's (Playwright's or chrome-launcher's), would silently drop the launcher's (HttpsUpgrades,
# PaintHolding, …). Ours is QUIET_FEATURES below: headless Chromium 15x preloads the address bar's
# popup in a WebUI renderer of its own, which kept a core about half busy through every test.
set -euo pipefail
browser="${CHROME_PATH:-/usr/bin/chromium}"
QUIET_FEATURES="WebUIOmniboxPopup,WebUIOmniboxAimPopup"
features=()
args=(--no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync)
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) features+=("${arg#--disable-features=}") ;;
    *) args+=("$arg") ;;
  esac
done
features+=("$QUIET_FEATURES")
args+=("--disable-features=$(IFS=,; echo "${features[*]}")")
exec "$browser" "${args[@]}"
