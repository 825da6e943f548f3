/**
 * Calls made before the SDK has loaded (the error screen reports during hydration, the SDK loads after it) wait here
 * and run, in order, once it is ready. A page that never loads the SDK keeps at most `limit` of them.
 */
export function createTelemetryQueue<Target>(limit = 50) {
  const pending: ((target: Target) => void)[] = [];
  let ready: Target | null = null;
  return {
    run(command: (target: Target) => void): void {
      if (ready !== null) command(ready);
      else if (pending.length < limit) pending.push(command);
    },
    start(target: Target): void {
      ready = target;
      for (const command of pending.splice(0)) command(target);
    },
  };
}
