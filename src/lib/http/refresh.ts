/** A single-flight session refresh. */
export interface RefreshGate {
  /** Starts a refresh, or joins the one running; true when the session was renewed. */
  run(): Promise<boolean>;
  /** The refresh running now, or null. */
  pending(): Promise<boolean> | null;
}

/**
 * Runs `refresh` at most once at a time: concurrent callers share one promise, and once it has
 * settled the next caller starts a new refresh. A refresh that throws counts as failed.
 */
export function createRefreshGate(refresh: () => Promise<boolean>): RefreshGate {
  let flight: Promise<boolean> | null = null;

  return {
    run() {
      flight ??= (async () => {
        try {
          // Deferred a tick so a refresh that throws synchronously cannot clear `flight` before
          // it is assigned.
          return (await Promise.resolve().then(refresh)) === true;
        } catch {
          return false;
        } finally {
          flight = null;
        }
      })();
      return flight;
    },
    pending() {
      return flight;
    },
  };
}
