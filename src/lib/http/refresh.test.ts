import { describe, expect, test, vi } from 'vitest';
import { createRefreshGate } from './refresh.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createRefreshGate', () => {
  test('shares one refresh among concurrent callers', async () => {
    const outcome = deferred<boolean>();
    const refresh = vi.fn(() => outcome.promise);
    const gate = createRefreshGate(refresh);
    const runs = [gate.run(), gate.run(), gate.run()];
    expect(gate.pending()).toBe(runs[0]);
    outcome.resolve(true);
    expect(await Promise.all(runs)).toEqual([true, true, true]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  test('starts a new refresh once the previous one settled', async () => {
    const refresh = vi.fn(async () => true);
    const gate = createRefreshGate(refresh);
    await gate.run();
    expect(gate.pending()).toBeNull();
    await gate.run();
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  test('counts a throwing refresh as failed and recovers', async () => {
    const gate = createRefreshGate(() => {
      throw new Error('offline');
    });
    expect(await gate.run()).toBe(false);
    expect(gate.pending()).toBeNull();
    const rejecting = createRefreshGate(() => Promise.reject(new Error('offline')));
    expect(await rejecting.run()).toBe(false);
    expect(rejecting.pending()).toBeNull();
  });
});
