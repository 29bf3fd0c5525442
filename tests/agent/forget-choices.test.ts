// "Forget my choices" in the loop (issue #31 item 1): the words, read before the user's own commands
// and never by a planner; the question first; each way it ends, back to idle with one done. The store
// is a small one in memory here (the core's, on disk, runs in tests/core/scan-choices.test.ts).
import { describe, expect, it } from 'vitest';
import { readForgetChoices } from '../../src/agent/forget-choices.js';
import type { ScanChoicesStore } from '../../src/agent/loop-types.js';
import { expectBackToIdle, setupLoop } from './loop-fakes.js';

/** Choices kept per app, in memory; `failWrite` makes forgetting reject as a failed write would. */
function store(kept: Record<string, number>, failWrite = false): ScanChoicesStore & { readonly apps: Record<string, number> } {
  const apps = { ...kept };
  const count = (app?: string) => (app === undefined ? Object.values(apps).reduce((a, b) => a + b, 0) : (apps[app] ?? 0));
  return {
    apps,
    kept: async (app) => count(app),
    forget: async (app) => {
      if (failWrite) throw new Error('EACCES');
      const n = count(app);
      for (const name of Object.keys(apps)) if (app === undefined || name === app) delete apps[name];
      return n;
    },
  };
}

describe('readForgetChoices', () => {
  it.each([
    ['forget my choices', 'everywhere'],
    ['Forget my choices.', 'everywhere'],
    ['forget my picks everywhere', 'everywhere'],
    ['forget my choices here', 'here'],
    ['clear my choices in this app', 'here'],
    ['forget my commands', undefined],
    ['forget it', undefined],
    ['forget my choices and click Send', undefined],
  ])('%j → %s', (said, scope) => {
    expect(readForgetChoices(said)).toBe(scope);
  });
});

describe('"forget my choices" in the loop', () => {
  it('asks with how many and where; a yes forgets those of every app, and the sentence says so', async () => {
    const choices = store({ Mail: 2, Files: 1 });
    const { loop, asked, log, planner } = setupLoop({ answers: ['confirmed'], replies: [], deps: { scanChoices: choices } });
    const result = await loop.run('forget my choices');
    expect(asked.map((a) => [a.summary, a.risk.level])).toEqual([
      ['Forget the 3 elements you chose in every app, so the scan offers the numbers in their order on the screen again.', 'moderate'],
    ]);
    expect(result).toEqual({
      outcome: 'done',
      message: 'Forgot the 3 elements you chose in every app: the numbers are scanned in their order on the screen until you choose again.',
    });
    expect(choices.apps).toEqual({});
    expect(planner?.requests ?? []).toHaveLength(0);
    expectBackToIdle(log.events);
  });

  it('"here" forgets the app in front only; a no keeps everything; nobody to answer keeps everything', async () => {
    const choices = store({ Fixture: 2, Files: 1 });
    const declined = setupLoop({ answers: ['declined'], deps: { scanChoices: choices } });
    expect(await declined.loop.run('forget my choices here')).toEqual({ outcome: 'refused', message: 'Not done: your choices are kept.' });
    expect(declined.asked[0]?.summary).toBe('Forget the 2 elements you chose in “Fixture”, so the scan offers the numbers in their order on the screen again.');
    expectBackToIdle(declined.log.events);
    const nobody = setupLoop({ deps: { scanChoices: choices } });
    expect((await nobody.loop.run('forget my choices')).outcome).toBe('needs_user');
    expect(choices.apps).toEqual({ Fixture: 2, Files: 1 });
    const yes = setupLoop({ answers: ['confirmed'], deps: { scanChoices: choices } });
    expect((await yes.loop.run('forget my choices in this app')).outcome).toBe('done');
    expect(choices.apps).toEqual({ Files: 1 });
  });

  it('says in a sentence what the user can do: no scan here, a file that cannot be written, a dry run', async () => {
    const none = setupLoop();
    expect(await none.loop.run('forget my choices')).toEqual({
      outcome: 'refused',
      message: 'Choices are kept only by the panel’s switch scan, so here there is nothing to forget.',
    });
    expectBackToIdle(none.log.events);
    const failing = setupLoop({ answers: ['confirmed'], deps: { scanChoices: store({ Mail: 1 }, true) } });
    expect((await failing.loop.run('forget my choices')).message).toMatch(
      /^Your choices could not be forgotten on disk: .* Delete that file to forget them\.$/,
    );
    expectBackToIdle(failing.log.events);
    const dry = store({ Mail: 1 });
    const dryRun = setupLoop({ deps: { scanChoices: dry, dryRun: true } });
    expect((await dryRun.loop.run('forget my choices')).message).toMatch(/^Dry run: nothing was forgotten/);
    expect(dry.apps).toEqual({ Mail: 1 });
  });

  it('is never a planner’s, nor one of the user’s commands named "my choices"', async () => {
    const { loop, planner, asked } = setupLoop({
      replies: [{ intent: 'click_element', element: { label: 'Delete all' }, confidence: 0.9 }],
      deps: { scanChoices: store({}) },
    });
    expect((await loop.run('forget my choices')).outcome).toBe('done');
    expect(asked).toEqual([]);
    expect(planner?.requests ?? []).toHaveLength(0);
  });
});
