// Cloudflare Turnstile, loaded only when the server has a site key and a
// visitor starts using a contact form.

type TurnstileOptions = {
  sitekey: string;
  callback: (token: string) => void;
  "expired-callback": () => void;
  "error-callback": () => void;
};

type TurnstileApi = {
  render(container: HTMLElement, options: TurnstileOptions): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
};

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
const TOKEN_TIMEOUT_MS = 15_000;

let loading: Promise<TurnstileApi> | undefined;

function loadTurnstile(): Promise<TurnstileApi> {
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    if (window.turnstile) return resolve(window.turnstile);
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("Turnstile did not load")));
    script.onerror = () => {
      loading = undefined;
      reject(new Error("Turnstile did not load"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export type TurnstileWidget = {
  /** The current token, waiting for the challenge to finish (undefined after a timeout). */
  token(): Promise<string | undefined>;
  /** Tokens are single-use: get a fresh one after each submission. */
  reset(): void;
  remove(): void;
};

export async function mountTurnstile(container: HTMLElement, siteKey: string): Promise<TurnstileWidget> {
  const api = await loadTurnstile();
  let current: string | undefined;
  let waiting: Array<(token: string | undefined) => void> = [];
  const settle = (token: string | undefined) => {
    current = token;
    if (token === undefined) return;
    for (const resolve of waiting) resolve(token);
    waiting = [];
  };
  const widgetId = api.render(container, {
    sitekey: siteKey,
    callback: settle,
    "expired-callback": () => settle(undefined),
    "error-callback": () => settle(undefined),
  });
  return {
    token: () =>
      current !== undefined
        ? Promise.resolve(current)
        : new Promise((resolve) => {
            waiting.push(resolve);
            setTimeout(() => resolve(current), TOKEN_TIMEOUT_MS);
          }),
    reset: () => {
      current = undefined;
      api.reset(widgetId);
    },
    remove: () => api.remove(widgetId),
  };
}
