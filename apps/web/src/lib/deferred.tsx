import { type ComponentType, Suspense, use, useEffect, useMemo, useRef } from "react";

/**
 * Server-rendered content whose JavaScript loads only when it is needed.
 *
 * The server renders it in full, so the HTML (what visitors and search
 * engines get first) has all of it. In the browser, a server-rendered page
 * keeps that HTML as it is and hydrates the part once it comes near the
 * viewport or the visitor interacts with the page: below-the-fold sections
 * cost the first load no JavaScript. Rendered after a client-side navigation,
 * the part loads at once (route loaders can `preload()` it beforehand).
 *
 * React leaves a Suspense boundary that suspends during hydration as server
 * HTML and hydrates it when it resumes; that is all this relies on. Such a
 * boundary must not receive an update before then (React would drop the
 * server HTML and render the fallback), so the boundary element is created
 * once and the part takes no props.
 */
export type DeferredComponent = ComponentType & {
  /** Loads the code (on the server, before rendering: see `preloadDeferred`). */
  preload(): Promise<unknown>;
};

const registry: Array<() => Promise<unknown>> = [];

/** Loads every deferred part; the server awaits it before rendering a page. */
export function preloadDeferred(): Promise<unknown> {
  return Promise.all(registry.map((preload) => preload()));
}

const NEAR_VIEWPORT = "400px";
const INTERACTIONS = ["pointerdown", "keydown", "touchstart"] as const;

/** Calls `callback` once `element` nears the viewport or the visitor interacts with the page. */
function whenNeeded(element: Element, callback: () => void): () => void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) done();
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  function done() {
    stop();
    callback();
  }
  function stop() {
    observer.disconnect();
    for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
  }
  observer.observe(element);
  for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
  return stop;
}

export function deferred(load: () => Promise<ComponentType>): DeferredComponent {
  let Loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (Loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  registry.push(preload);

  let open!: () => void;
  // Settles once the part is needed and its code has arrived. When the code
  // cannot be loaded (offline), it stays pending: the server HTML remains.
  const ready = new Promise<void>((resolve) => (open = resolve)).then(preload).catch(() => new Promise<never>(() => {}));

  function Content({ onReady }: { onReady: () => void }) {
    const Component = Loaded ?? use(ready);
    useEffect(onReady, [onReady]);
    return <Component />;
  }

  function Deferred() {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = ref.current;
      if (Loaded || !element) return;
      // Server HTML still in place (hydration suspended): wait until it is needed.
      // Nothing rendered yet (a client-side render): load now.
      if (!element.hasChildNodes()) return open();
      return whenNeeded(element, open);
    }, []);
    const boundary = useMemo(
      () => (
        <Suspense fallback={null}>
          {/* Marks the wrapper once the part is interactive (tests wait for it). */}
          <Content onReady={() => ref.current?.setAttribute("data-hydrated", "")} />
        </Suspense>
      ),
      [],
    );
    // Below the fold by design: the browser skips its layout and painting until it nears the
    // viewport (`auto` keeps its real height once it has been laid out).
    return (
      <div ref={ref} style={{ contentVisibility: "auto", containIntrinsicSize: "auto 800px" }}>
        {boundary}
      </div>
    );
  }

  return Object.assign(Deferred, { preload });
}
