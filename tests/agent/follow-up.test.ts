// The loop's reading of a command against what it waits for (src/agent/follow-up.ts), without the loop.
import { describe, expect, it } from 'vitest';
import { readFollowUp } from '../../src/agent/follow-up.js';
import type { Pending, RememberedIntent } from '../../src/agent/session-memory.js';
import type { ElementChoice } from '../../src/registry/dispatch.js';

const click = (label: string) => ({ intent: 'click_element' as const, element: { label } });
const confirmation: Pending = {
  kind: 'confirmation',
  intent: click('Delete'),
  source: 'grammar',
  command: 'click Delete',
  level: 'destructive',
  summary: 'Click “Delete”.',
  reason: 'It deletes.',
};
const choice = (name: string, id: number) =>
  ({ query: { label: 'OK' }, pid: 1, id, role: 'button', name, description: '', parent: null, depth: 1 }) as unknown as ElementChoice;
const whichElement: Pending = {
  kind: 'clarification',
  question: 'Which “OK”?',
  options: ['“OK” in “Left”', '“OK” in “Right”'],
  action: { intent: click('OK'), source: 'grammar', command: 'click OK', choices: [choice('OK', 3), choice('OK', 7)] },
};
const plannerQuestion: Pending = { kind: 'clarification', question: 'Which file?', options: ['Report', 'Budget'] };
const last: RememberedIntent = { intent: click('Increment'), source: 'grammar', command: 'click Increment' };

describe('readFollowUp', () => {
  it('a yes or a no answers a pending confirmation; anything else is a new command that drops it', () => {
    expect(readFollowUp('yes', confirmation, last)).toEqual({ kind: 'confirmation', pending: confirmation, answer: 'yes' });
    expect(readFollowUp('no', confirmation, last)).toMatchObject({ kind: 'confirmation', answer: 'no' });
    expect(readFollowUp('stop', confirmation, last)).toMatchObject({ kind: 'confirmation', answer: 'no' });
    expect(readFollowUp('Forget it.', confirmation, last)).toMatchObject({ kind: 'confirmation', answer: 'no' });
    expect(readFollowUp('click Send', confirmation, last)).toEqual({ kind: 'new' });
    // Without a confirmation waiting, "yes" is a command like any other.
    expect(readFollowUp('yes', undefined, last)).toEqual({ kind: 'new' });
  });

  it('a number or an option picks the element an action asked about', () => {
    expect(readFollowUp('2', whichElement, last)).toEqual({
      kind: 'element_picked',
      action: whichElement.kind === 'clarification' ? whichElement.action : undefined,
      index: 1,
      option: '“OK” in “Right”',
    });
    expect(readFollowUp('“OK” in “Left”', whichElement, last)).toMatchObject({ kind: 'element_picked', index: 0 });
    // Out of range, or words that are no option: a new command.
    expect(readFollowUp('3', whichElement, last)).toEqual({ kind: 'new' });
    expect(readFollowUp('click Cancel', whichElement, last)).toEqual({ kind: 'new' });
  });

  it("an option of a planner's question goes back to the planner as its words", () => {
    expect(readFollowUp('Budget', plannerQuestion, last)).toEqual({ kind: 'option_picked', option: 'Budget' });
    expect(readFollowUp('1', plannerQuestion, last)).toEqual({ kind: 'option_picked', option: 'Report' });
  });

  it('"do that again" repeats what was performed last, or says there is nothing yet', () => {
    expect(readFollowUp('do that again', undefined, last)).toEqual({ kind: 'repeat', last });
    expect(readFollowUp('again', plannerQuestion, last)).toEqual({ kind: 'repeat', last });
    expect(readFollowUp('do that again', undefined, undefined)).toEqual({ kind: 'nothing_to_repeat' });
  });

  it('a command that types a secret goes no further, whatever waits; a yes to a confirmation is still a yes', () => {
    expect(readFollowUp('type my password hunter2', undefined, last)).toEqual({ kind: 'secure' });
    expect(readFollowUp('type my password hunter2', confirmation, last)).toEqual({ kind: 'secure' });
    expect(readFollowUp('type my password hunter2', plannerQuestion, last)).toEqual({ kind: 'secure' });
    expect(readFollowUp('yes', confirmation, last)).toMatchObject({ kind: 'confirmation' });
  });

  it('in German, its yes, no and option words answer; English ones too; with English set, German ones are new commands', () => {
    expect(readFollowUp('ja', confirmation, last, 'de')).toMatchObject({ kind: 'confirmation', answer: 'yes' });
    expect(readFollowUp('Nein.', confirmation, last, 'de')).toMatchObject({ kind: 'confirmation', answer: 'no' });
    expect(readFollowUp('yes', confirmation, last, 'de')).toMatchObject({ kind: 'confirmation', answer: 'yes' });
    expect(readFollowUp('die zweite', whichElement, last, 'de')).toMatchObject({ kind: 'element_picked', index: 1 });
    expect(readFollowUp('Nummer eins', plannerQuestion, last, 'de')).toEqual({ kind: 'option_picked', option: 'Report' });
    expect(readFollowUp('ja', confirmation, last, 'en')).toEqual({ kind: 'new' });
    expect(readFollowUp('die zweite', whichElement, last, 'en')).toEqual({ kind: 'new' });
  });
});
