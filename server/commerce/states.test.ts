import { describe, expect, test } from 'vitest';
import { TRANSITIONS, assertTransition, canHappen, canTransition } from './states.ts';

describe('the payment state table', () => {
  test('only forward moves exist: nothing leaves a final state (but a late payment accepted), nothing returns to 0', () => {
    const finals = [3, 5, 8];
    for (const [event, moves] of Object.entries(TRANSITIONS)) {
      for (const [from, to] of moves) {
        if (event !== 'accept_late') expect(finals).not.toContain(from);
        expect(to).not.toBe(0);
        expect(from).not.toBe(to);
      }
    }
  });

  test('a late settlement, pending or expire after payment is not a move', () => {
    expect(canHappen(3, 'settle')).toBe(false);
    expect(canHappen(3, 'expire')).toBe(false);
    expect(canHappen(6, 'expire')).toBe(false);
    expect(canTransition(1, 'settle', 3)).toBe(true);
    expect(canTransition(1, 'settle', 5)).toBe(false);
  });

  test('a move outside the table is a coded 409', () => {
    expect(() => assertTransition(3, 'receive', 8)).toThrowError(expect.objectContaining({ status: 409, code: 'invalid_transition' }));
    expect(() => assertTransition(7, 'receive', 8)).not.toThrow();
  });
});
