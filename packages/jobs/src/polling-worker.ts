/**
 * The loop every queue worker of a process runs (Google pushes, mail, webhooks): a pass runs
 * `round` until it handles nothing (at most `maxRounds` times), then the next pass is due after
 * `pollMs`. One pass at a time; a nudge while one runs makes it go round once more, so a job queued
 * meanwhile is not left for the next poll. Errors are reported and the loop goes on.
 */
export interface PollingWorker {
  /** Runs a pass now (or joins the one under way); resolves with how many jobs it handled. */
  tick(): Promise<number>;
  /** The next pass in `ms` (replacing a later one); nothing once paused. */
  schedule(ms: number): void;
  /** Waits for the pass under way, then runs one more: what is due now is handled (tests drive workers with it). */
  drain(): Promise<number>;
  /** Takes no more passes; resolves when the one under way has ended. */
  pause(): Promise<void>;
  readonly paused: boolean;
}

export function pollingWorker({
  round,
  pollMs,
  maxRounds = 50,
  onError,
  afterRounds,
}: {
  /** One batch: how many jobs it handled (0 ends the pass). `paused()` says a stop began. */
  round: (paused: () => boolean) => Promise<number>;
  pollMs: number;
  maxRounds?: number;
  onError: (err: unknown) => void;
  /** Runs after each pass's rounds (periodic upkeep). */
  afterRounds?: () => Promise<void>;
}): PollingWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let paused = false;
  const isPaused = () => paused;

  const schedule = (ms: number) => {
    if (paused) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  };

  const tick = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          for (let i = 0; i < maxRounds && !paused; i++) {
            const handled = await round(isPaused);
            total += handled;
            if (handled === 0) break;
          }
          await afterRounds?.();
        } while (again && !paused);
      } catch (err) {
        onError(err);
      } finally {
        running = null;
        schedule(pollMs);
      }
      return total;
    })();
    return running;
  };

  return {
    tick,
    schedule,
    async drain() {
      await running;
      return tick();
    },
    async pause() {
      paused = true;
      clearTimeout(timer);
      await running;
    },
    get paused() {
      return paused;
    },
  };
}

/**
 * Runs `work` while beating for the claimed jobs every half heartbeat: the jobs waiting behind a
 * slow one stay this instance's, and if the instance dies they all come back once the beats stop.
 */
export async function holdingJobs<T>(
  touch: (ids: string[]) => Promise<unknown>,
  ids: string[],
  heartbeatSeconds: number,
  work: () => Promise<T>,
): Promise<T> {
  if (ids.length === 0) return work();
  const beat = setInterval(() => void touch(ids).catch(() => {}), (heartbeatSeconds / 2) * 1000);
  beat.unref();
  try {
    return await work();
  } finally {
    clearInterval(beat);
  }
}
