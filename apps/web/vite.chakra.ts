import type { Plugin } from "vite";
import { renderGlobalCss } from "./src/theme/global-css";

/**
 * Chakra's global CSS (reset, global styles, keyframes, token variables) as a
 * `<style>` in index.html, rendered once at build time (src/theme/global-css.ts).
 * The app's provider (src/components/provider.tsx) then leaves it out, so
 * neither the server nor the browser serialises it again for every page.
 */
const APP_HEAD = "<!--app-head-->";

export function chakraGlobalCss(): Plugin {
  let css: string | undefined;
  return {
    name: "crawlguard:chakra-global-css",
    transformIndexHtml: {
      // After Vite's own HTML processing, which would rewrite the CSS.
      order: "post",
      handler(html) {
        if (!html.includes(APP_HEAD)) throw new Error(`index.html has no ${APP_HEAD} placeholder`);
        // Once per build or dev server: the dev server transforms index.html on every request.
        css ??= renderGlobalCss();
        return html.replace(APP_HEAD, () => `<style data-chakra-global>${css}</style>\n    ${APP_HEAD}`);
      },
    },
  };
}

const SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;

/** Checked replacements in Chakra's styled-system/system.js for the browser bundle. */
const PATCHES: ReadonlyArray<readonly [string, string]> = [
  // `_global` lazy: built only if read.
  ["const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];", "let _global;"],
  ["    _global,\n", "    get _global() { return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]); },\n"],
  // The reset is only ever part of index.html: leave its builder (preflight.js) out of the bundle.
  [
    "    const result = createPreflight({ preflight });\n",
    '    throw new Error("Chakra\'s reset is part of index.html (vite.chakra.ts), not built in the browser");\n',
  ],
];

/**
 * Makes `system._global` lazy in the browser bundle. Chakra's createSystem
 * builds that object (the CSS above, as objects) eagerly: about half of its
 * cost, ~25 ms of a phone's main thread on every page load, for a value the
 * app never reads in the browser (the provider gets a system without it).
 * The reset's builder goes too (1.5 KB gzipped). The patches are checked: a
 * Chakra release that changes these lines fails the build instead of
 * silently shipping the eager version.
 */
export function chakraLazyGlobal(): Plugin {
  return {
    name: "crawlguard:chakra-lazy-global",
    apply: "build",
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id)) return null;
      let patched = code;
      for (const [from, to] of PATCHES) {
        if (patched.split(from).length !== 2) this.error(`Chakra's styled-system/system.js changed; update vite.chakra.ts (${id})`);
        patched = patched.replace(from, () => to);
      }
      return patched;
    },
  };
}
