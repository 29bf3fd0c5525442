// Where the engine left the pointer (src/execution/pointer-trail.ts): a pointer moved further than
// the tolerance since then means the user took over.
import { describe, expect, it } from 'vitest';
import { PointerTrail } from '../../src/execution/pointer-trail.js';
import { fakeDesktop } from './fake-desktop.js';

/** A trail over the fake desktop's input; the test moves its pointer as a user would. */
function trail(tolerance = 3) {
  const d = fakeDesktop({ apps: [] });
  return { d, trail: new PointerTrail(d.input, tolerance), moveUser: (x: number, y: number) => (d.state.pointer = { x, y }) };
}

describe('PointerTrail', () => {
  it('moves to whole pixels', async () => {
    const t = trail();
    await t.trail.moveTo({ x: 10.4, y: 20.6 });
    expect(t.d.state.pointer).toEqual({ x: 10, y: 21 });
  });

  it.each<[string, number, number, boolean]>([
    ['not moved', 0, 0, false],
    ['moved within the tolerance', 3, 0, false],
    ['moved past it', 3, 1, true],
  ])('%s: the user took over: %s', async (_, dx, dy, took) => {
    const t = trail(3);
    await t.trail.moveTo({ x: 100, y: 100 });
    t.moveUser(100 + dx, 100 + dy);
    const said = await t.trail.userTookOver();
    expect(said !== undefined).toBe(took);
    if (took) expect(said).toBe(`the pointer moved from 100, 100 to ${100 + dx}, ${100 + dy}.`);
  });

  it('says nothing before it moved the pointer, or once it forgot', async () => {
    const t = trail();
    t.moveUser(500, 500);
    expect(await t.trail.userTookOver()).toBeUndefined();
    await t.trail.moveTo({ x: 1, y: 1 });
    t.moveUser(500, 500);
    t.trail.forget();
    expect(await t.trail.userTookOver()).toBeUndefined();
  });
});
