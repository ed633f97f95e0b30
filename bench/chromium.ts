import { fileURLToPath } from "node:url";

/**
 * The browser every bench starts: Chromium (CHROME_PATH, default Debian's /usr/bin/chromium) behind
 * scripts/chromium.sh, as the e2e tests do. It keeps the launcher's --disable-features list and turns
 * off the address-bar popup headless Chromium preloads in a renderer of its own, which otherwise
 * competes with the page for the CPU and inflates every figure taken on this 2-core machine.
 */
export const QUIET_CHROMIUM = fileURLToPath(new URL("../scripts/chromium.sh", import.meta.url));
