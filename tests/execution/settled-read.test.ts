// Reading a tree the app is still building (src/execution/settled-read.ts), with a scripted bridge:
// each read returns the next tree of a list (the last one again once the list is used up), on a
// clock that only moves when slept on.
import { describe, expect, it } from 'vitest';
import type { AxElement, AxSnapshot } from '../../src/execution/accessibility/types.js';
import { buildingSigns, readSettled } from '../../src/execution/settled-read.js';
import { el, snapshot } from './element-fixtures.js';
import { fakeClock, fakeDesktop } from './fake-desktop.js';

const TUNING = { settleMs: 1000, pollMs: 50 };
const page = (states: AxElement['states'], ...content: AxElement[]): AxElement[] => [
  el(1, 'web_area', 'Shop', { states: ['enabled', 'showing', 'visible', ...states] }),
  ...content.map((c) => ({ ...c, parent: 1, depth: 2 })),
];
const fields = (...names: string[]): AxElement[] => names.map((n, i) => el(10 + i, 'text_field', n));
const LOADED = page([], ...fields('Field 1', 'Field 2', 'Field 3', 'Field 4'));

/** A bridge whose reads return these trees in turn. */
function scripted(...trees: AxElement[][]): { read: () => Promise<AxSnapshot>; reads: () => number } {
  let n = 0;
  return {
    read: async () => snapshot(trees[Math.min(n++, trees.length - 1)] ?? []),
    reads: () => n,
  };
}

describe('the signs of a tree still being built', () => {
  it('a busy document, an empty frame and many unnamed controls are signs; a finished page has none', () => {
    expect(buildingSigns(snapshot(LOADED))).toEqual({ busy: 0, emptyFrames: 0, unnamed: 0 });
    expect(buildingSigns(snapshot(page(['busy'])))).toMatchObject({ busy: 1 });
    expect(buildingSigns(snapshot([el(1, 'group', '', { platformRole: 'internal frame' })]))).toMatchObject({ emptyFrames: 1 });
    expect(buildingSigns(snapshot(page([], ...fields('', '', '', 'Field 4'))))).toMatchObject({ unnamed: 3 });
  });

  it('one unnamed control among many named ones is not a sign (an icon button the app left unnamed)', () => {
    expect(buildingSigns(snapshot(page([], ...fields('', 'Field 2', 'Field 3', 'Field 4', 'Field 5', 'Field 6'))))).toMatchObject({ unnamed: 0 });
  });

  it('a busy element that is not a document (a spinner) is not a sign', () => {
    expect(buildingSigns(snapshot([el(1, 'progress_bar', 'Loading', { states: ['showing', 'busy'] })]))).toMatchObject({ busy: 0 });
  });
});

describe('reading until the tree settles', () => {
  it('a finished tree is read once', async () => {
    const clock = fakeClock();
    const bridge = scripted(LOADED);
    const r = await readSettled(bridge.read, clock, TUNING);
    expect(r).toMatchObject({ reads: 1 });
    expect(r.unsettled).toBeUndefined();
    expect(clock.slept).toEqual([]);
  });

  it('busy: read again until the busy state is gone and two reads agree', async () => {
    const bridge = scripted(page(['busy']), page(['busy'], ...fields('Field 1')), LOADED, LOADED);
    const r = await readSettled(bridge.read, fakeClock(), TUNING);
    expect(r.unsettled).toBeUndefined();
    expect(r.reads).toBe(4);
    expect(r.snapshot.elements.filter((e) => e.role === 'text_field').map((e) => e.name)).toEqual(['Field 1', 'Field 2', 'Field 3', 'Field 4']);
  });

  it("a frame whose page has not arrived (Firefox's first read): read again until it has", async () => {
    const frame = (...kids: AxElement[]): AxElement[] => [
      el(1, 'group', '', { platformRole: 'internal frame' }),
      ...kids.map((k) => ({ ...k, parent: 1, depth: 2 })),
    ];
    const bridge = scripted(frame(), frame(), frame(...LOADED.map((e) => ({ ...e, id: e.id + 100 }))), frame(...LOADED.map((e) => ({ ...e, id: e.id + 100 }))));
    const r = await readSettled(bridge.read, fakeClock(), TUNING);
    expect(r.unsettled).toBeUndefined();
    expect(r.reads).toBe(4);
  });

  it('names still arriving: read again until two reads agree', async () => {
    const bridge = scripted(page([], ...fields('', '', '', '')), page([], ...fields('Field 1', '', '', '')), LOADED, LOADED);
    const r = await readSettled(bridge.read, fakeClock(), TUNING);
    expect(r.unsettled).toBeUndefined();
    expect(r.reads).toBe(4);
  });

  it('controls the app never names settle when two reads agree', async () => {
    const bridge = scripted(page([], ...fields('', '', '')));
    const r = await readSettled(bridge.read, fakeClock(), TUNING);
    expect(r.unsettled).toBeUndefined();
    expect(r.reads).toBe(2);
  });

  it('still busy at the deadline: stops reading and says so', async () => {
    const clock = fakeClock();
    const bridge = scripted(page(['busy'], ...fields('Field 1')));
    const r = await readSettled(bridge.read, clock, TUNING);
    expect(r.unsettled).toMatch(/still building this view .* its page was still busy loading/);
    expect(clock.now()).toBe(TUNING.settleMs);
    expect(r.reads).toBe(bridge.reads());
    expect(r.reads).toBe(1 + TUNING.settleMs / TUNING.pollMs);
  });

  it('a read that fails while waiting: the last good read, said to be unfinished', async () => {
    let n = 0;
    const read = async (): Promise<AxSnapshot> => {
      if (n++ > 0) throw new Error('timeout');
      return snapshot(page(['busy']));
    };
    const r = await readSettled(read, fakeClock(), TUNING);
    expect(r.reads).toBe(1);
    expect(r.unsettled).toMatch(/still busy/);
  });
});

describe('the observation of a busy app', () => {
  const APP = 30;
  it('reads again while the page is busy and lists what it settled on', async () => {
    const d = fakeDesktop({ apps: [{ pid: APP, name: 'Browser', elements: page(['busy']) }], front: APP, tuning: { settleMs: 1000, pollMs: 50 } });
    d.clock.sleep = async (ms) => {
      d.app(APP).elements = LOADED;
      d.clock.slept.push(ms);
    };
    const o = await d.targets.observe(APP);
    expect(o.unsettled).toBeUndefined();
    expect(o.text).toContain('text_field "Field 4"');
    expect(d.calls.filter((c) => c.startsWith('snapshot'))).toHaveLength(3);
  });

  it('still busy at its deadline: the observation says so in its text', async () => {
    const d = fakeDesktop({
      apps: [{ pid: APP, name: 'Browser', elements: page(['busy'], ...fields('Field 1')) }],
      front: APP,
      tuning: { settleMs: 200, pollMs: 50 },
    });
    const o = await d.targets.observe(APP);
    expect(o.unsettled).toBeDefined();
    expect(o.text).toContain(o.unsettled);
    expect(o.text).toContain('text_field "Field 1"');
  });
});
