import { useCallback, useEffect, useRef, useState } from "react";
import { trpcErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import {
  GOOGLE_CALENDAR_CHANNEL,
  parsePopupMessage,
  POPUP_NAME,
  POPUP_POLL_MS,
  popupFeatures,
  popupMessageFrom,
  type PopupResult,
  STATUS_RECHECK_MS,
} from "./google-calendar-model";
import { useGoogleQueriesInvalidation } from "./use-google-calendar";

export type ConnectPhase =
  /** Nothing under way. */
  | { kind: "idle" }
  /** Asking for Google's URL, the popup open, or finishing the exchange: "Connecting...". */
  | { kind: "connecting" }
  /** The browser refused the popup: the panel offers Google's page as a link. */
  | { kind: "blocked"; authUrl: string };

/** How long the popup's word is awaited: the life of the authorization's state on the server. */
const LISTEN_MS = 10 * 60_000;

const CONNECTED_TOAST = { title: "Calendar Connected!", description: "Google Calendar is connected and ready.", type: "success" } as const;

function openPopup(url: string): Window | null {
  const features = popupFeatures({ x: window.screenX, y: window.screenY, width: window.outerWidth, height: window.outerHeight });
  return window.open(url, POPUP_NAME, features);
}

/** A word in the blank popup while Google's address is fetched (same origin, so writable). */
function showOpening(popup: Window): void {
  try {
    popup.document.title = "Connecting to Google Calendar…";
    popup.document.body.textContent = "Opening Google sign-in…";
  } catch {
    // Already elsewhere: nothing to write.
  }
}

/**
 * Connecting Google Calendar (docs/product.md "Screens and routes", "States and transitions" and "Business constants and limits"): `authUrl`, then Google's consent page in
 * a 500 × 600 popup. The popup lands on the server's page, which finishes the connection and tells
 * this page (a same-origin `postMessage` to its opener, or the BroadcastChannel when the opener is
 * out of reach) and closes. If the popup had no session it hands over Google's code and state,
 * sent here to `callback`. Whatever the messages do, the popup's closure is polled every second
 * and the status checked again 1 s after it closes; the popup's word is still taken after that
 * (an opener cut off on the way through Google reads the window as closed early).
 *
 * Toasts: 'Calendar Connected!' when the popup reports the connection, 'Calendar Connected' when
 * only the later status check finds it; 'Connection Error' when the attempt cannot start,
 * 'Authorization Failed' when Google or the exchange refused (the reason stays in `problem`).
 */
export function useGoogleConnect() {
  const utils = trpc.useUtils();
  const invalidateGoogle = useGoogleQueriesInvalidation();
  const callback = trpc.googleCalendar.callback.useMutation();
  const [phase, setPhase] = useState<ConnectPhase>({ kind: "idle" });
  /** Why the last attempt failed, for the panel (the toast's text is fixed). */
  const [problem, setProblem] = useState<string | null>(null);

  /**
   * The attempt under way. `active`: "Connecting..." is shown. `listening`: the popup's word is
   * still awaited, also after the window seems closed (a page with a strict opener policy on the
   * way, Google's, can cut the opener off: the window then reads as closed while the person is
   * still choosing, and the word comes on the BroadcastChannel later); one word per attempt.
   */
  const attempt = useRef({ active: false, listening: false, announced: false, finishing: false });
  const listenTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const popupRef = useRef<Window | null>(null);
  const pollTimer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const recheckTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stopPolling = () => {
    clearInterval(pollTimer.current);
    pollTimer.current = undefined;
  };

  const finish = useCallback(() => {
    attempt.current.active = false;
    setPhase({ kind: "idle" });
  }, []);

  const succeed = useCallback(() => {
    if (!attempt.current.announced) showToast(CONNECTED_TOAST);
    attempt.current.announced = true;
    setProblem(null);
    invalidateGoogle();
  }, [invalidateGoogle]);

  const fail = useCallback(
    (reason: string) => {
      attempt.current.announced = true;
      setProblem(reason);
      showToast({ title: "Authorization Failed", description: "Failed to complete Google Calendar authorization.", type: "error" });
      invalidateGoogle();
    },
    [invalidateGoogle],
  );

  const { mutateAsync: sendCode } = callback;
  const handleResult = useCallback(
    async (result: PopupResult) => {
      attempt.current.listening = false;
      if (result.code && result.state) {
        attempt.current.finishing = true;
        try {
          await sendCode({ code: result.code, state: result.state });
          succeed();
        } catch (error) {
          fail(trpcErrorText(error));
        } finally {
          attempt.current.finishing = false;
        }
      } else if (result.ok) {
        succeed();
      } else {
        fail(result.message);
      }
      // A watched popup ends the attempt when it closes (after the status check); an unwatched
      // one (opened from the blocked notice's link as a tab) ends it here.
      if (!popupRef.current || popupRef.current.closed) finish();
    },
    [sendCode, succeed, fail, finish],
  );

  // The popup's word: to this window (postMessage) or on the channel (opener out of reach).
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const result = popupMessageFrom(event, window.location.origin);
      if (result && attempt.current.listening) void handleResult(result);
    };
    window.addEventListener("message", onMessage);
    let channel: BroadcastChannel | null = null;
    if (typeof BroadcastChannel !== "undefined") {
      channel = new BroadcastChannel(GOOGLE_CALENDAR_CHANNEL);
      channel.onmessage = (event: MessageEvent) => {
        const result = parsePopupMessage(event.data);
        if (!result) return;
        // Another dashboard tab's connection: only refresh what it changed.
        if (attempt.current.listening) void handleResult(result);
        else if (result.ok) invalidateGoogle();
      };
    }
    return () => {
      window.removeEventListener("message", onMessage);
      channel?.close();
    };
  }, [handleResult, invalidateGoogle]);

  useEffect(
    () => () => {
      clearInterval(pollTimer.current);
      clearTimeout(recheckTimer.current);
      clearTimeout(listenTimer.current);
    },
    [],
  );

  /** docs/product.md: closure checked every second; the status checked again 1 s after the popup closes. */
  const watch = useCallback(
    (popup: Window) => {
      popupRef.current = popup;
      stopPolling();
      pollTimer.current = setInterval(() => {
        if (!popup.closed) return;
        stopPolling();
        clearTimeout(recheckTimer.current);
        recheckTimer.current = setTimeout(() => {
          void utils.googleCalendar.status.fetch(undefined, { staleTime: 0 }).then(
            (status) => {
              if (status.authenticated && attempt.current.listening && !attempt.current.announced) {
                attempt.current.announced = true;
                attempt.current.listening = false;
                setProblem(null);
                showToast({ title: "Calendar Connected", description: "Google Calendar is connected and ready.", type: "success" });
                invalidateGoogle();
              }
            },
            () => undefined,
          );
          if (!attempt.current.finishing) finish();
        }, STATUS_RECHECK_MS);
      }, POPUP_POLL_MS);
    },
    [utils, invalidateGoogle, finish],
  );

  const begin = () => {
    attempt.current = { active: true, listening: true, announced: false, finishing: false };
    popupRef.current = null;
    // Google's answer is good for 10 minutes (the state's life): no word is awaited after that.
    clearTimeout(listenTimer.current);
    listenTimer.current = setTimeout(() => {
      attempt.current.listening = false;
    }, LISTEN_MS);
    setProblem(null);
    setPhase({ kind: "connecting" });
  };

  /**
   * Connect Calendar / Reconnect. The popup opens at once, blank (a window opened after waiting
   * for the server is what popup blockers refuse), then goes to Google's page.
   */
  const connect = async () => {
    begin();
    const popup = openPopup("");
    if (popup) showOpening(popup);
    let authUrl: string;
    try {
      ({ authUrl } = await utils.googleCalendar.authUrl.fetch(undefined, { staleTime: 0, gcTime: 0 }));
    } catch (error) {
      popup?.close();
      attempt.current.active = false;
      attempt.current.listening = false;
      setPhase({ kind: "idle" });
      setProblem(trpcErrorText(error));
      showToast({ title: "Connection Error", description: "Failed to initiate Google Calendar connection.", type: "error" });
      return;
    }
    if (!popup || popup.closed) {
      setPhase({ kind: "blocked", authUrl });
      return;
    }
    popup.location.replace(authUrl);
    watch(popup);
  };

  /** The blocked-popup notice's link: a click may open it (fresh user activation); otherwise the link opens as a tab. */
  const openBlocked = (authUrl: string): boolean => {
    const popup = openPopup(authUrl);
    if (!popup) return false;
    setPhase({ kind: "connecting" });
    watch(popup);
    return true;
  };

  /** Gives up on a blocked attempt. */
  const dismissBlocked = () => {
    attempt.current.listening = false;
    finish();
  };

  return { phase, problem, connect, openBlocked, dismissBlocked, connecting: phase.kind === "connecting" };
}
