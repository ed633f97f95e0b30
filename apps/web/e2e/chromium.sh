#!/usr/bin/env bash
# The browser Playwright starts for the e2e tests (playwright.config.ts): Chromium (CHROME_PATH, or
# Debian's /usr/bin/chromium) with every --disable-features switch merged into one. Chromium keeps
# only the last of a repeated switch, so the config's own list, given after Playwright's, would
# silently drop Playwright's (HttpsUpgrades, PaintHolding, …).
set -euo pipefail
browser="${CHROME_PATH:-/usr/bin/chromium}"
features=()
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) features+=("${arg#--disable-features=}") ;;
    *) args+=("$arg") ;;
  esac
done
if [ "${#features[@]}" -gt 0 ]; then
  joined="$(IFS=,; echo "${features[*]}")"
  args+=("--disable-features=$joined")
fi
exec "$browser" "${args[@]}"
