// press_key (src/execution/key-press.ts) on a scripted desktop: the chord goes to the focused app
// after the gate has seen the focused element and what a Ctrl or Alt chord is bound to; the gate's
// answer, the assistant's own window and another window holding the keyboard are judged before the
// key; a key that runs a line the engine typed into a terminal ends that pending line.
import { describe, expect, it } from 'vitest';
import { pressKeyIn } from '../../src/execution/key-press.js';
import type { LiveFacts } from '../../src/execution/engine-types.js';
import { el } from './element-fixtures.js';
import { fakeDesktop, field } from './fake-desktop.js';

const EDITOR = 40;
const editor = () => ({
  pid: EDITOR,
  name: 'Editor',
  elements: [field(1, 'Body', 'draft'), el(2, 'menu_item', 'Save', { keys: [';;<Primary>s'] }), el(3, 'button', 'Discard', { keys: ['<Alt>d'] })],
  focus: 1,
});

describe('pressKeyIn', () => {
  it('presses the chord in the front app and says so, recording the chord for "take it back"', async () => {
    const d = fakeDesktop({ apps: [editor()], front: EDITOR });
    const r = await pressKeyIn(d.parts, 'end', [], undefined, {});
    expect(r).toMatchObject({ kind: 'success', message: 'Pressed end.' });
    expect(d.calls).toContain('pressChord end');
  });

  it('shows the gate the focused field, and for a Ctrl chord the element it is bound to; a bare key has none', async () => {
    const d = fakeDesktop({ apps: [editor()], front: EDITOR });
    const seen: LiveFacts[] = [];
    await pressKeyIn(d.parts, 's', ['ctrl'], undefined, { gate: (f) => void seen.push(f) });
    expect(seen.at(-1)?.focused?.name).toBe('Body');
    expect(seen.at(-1)?.bound?.map((b) => b.name)).toEqual(['Save']);
    seen.length = 0;
    await pressKeyIn(d.parts, 's', [], undefined, { gate: (f) => void seen.push(f) });
    expect(seen.at(-1)?.bound).toBeUndefined();
  });

  it('stops before the key when the gate answers; nothing is pressed', async () => {
    const d = fakeDesktop({ apps: [editor()], front: EDITOR });
    const stop = { kind: 'failure', code: 'refused', reason: 'Not without asking.' } as const;
    const r = await pressKeyIn(d.parts, 'd', ['alt'], undefined, { gate: () => stop });
    expect(r).toBe(stop);
    expect(d.calls.some((c) => c.startsWith('pressChord'))).toBe(false);
  });

  it('counts what it read as unread when the window system says another window has the keyboard', async () => {
    const d = fakeDesktop({ apps: [editor()], front: EDITOR, keyboardOwner: 99 });
    const seen: LiveFacts[] = [];
    await pressKeyIn(d.parts, 'enter', [], undefined, { gate: (f) => void seen.push(f) });
    expect(seen.at(-1)?.focused).toEqual({ unread: true, elsewhere: true });
  });

  it("refuses a key meant for the assistant's own window", async () => {
    const d = fakeDesktop({ apps: [editor()], front: EDITOR, ownPids: [EDITOR] });
    const r = await pressKeyIn(d.parts, 'enter', [], 'Editor', {});
    expect(r).toMatchObject({ kind: 'failure' });
    expect(d.calls.some((c) => c.startsWith('pressChord'))).toBe(false);
  });

  it('Enter in a terminal ends the line the engine typed there; a letter does not', async () => {
    const TERM = 41;
    const d = fakeDesktop({ apps: [{ pid: TERM, name: 'Terminal', elements: [el(1, 'terminal', 'Terminal', { value: '$ ' })], focus: 1 }], front: TERM });
    d.parts.terminalLines.typed(TERM, 'make clean');
    await pressKeyIn(d.parts, 'a', [], undefined, {});
    expect(d.parts.terminalLines.has(TERM)).toBe(true);
    await pressKeyIn(d.parts, 'enter', [], undefined, {});
    expect(d.parts.terminalLines.has(TERM)).toBe(false);
  });
});
