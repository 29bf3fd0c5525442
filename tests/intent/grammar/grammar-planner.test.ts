// The grammar planner's own rules (src/intent/grammar/grammar-planner.ts): junk is no_match before
// any verb is read; "then" always chains, "and" only before a verb (so "Save and Close" stays a
// label); a chain flattens sequences and never holds a question; every intent passes the schema.
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../../src/intent/grammar/grammar-planner.js';
import { LIMITS } from '../../../src/intent/schema.js';

const steps = (text: string) => {
  const r = parseCommand(text, { platform: 'linux' });
  return r.kind === 'intent' ? (r.intent.intent === 'sequence' ? r.intent.steps.map((s) => s.intent) : [r.intent.intent]) : r.kind;
};

describe('parseCommand', () => {
  // [command, the intents of its steps, or no_match]
  const cases: [string, string[] | 'no_match'][] = [
    ['click Send', ['click_element']],
    ['open Notes then type hello', ['open_application', 'type_text']],
    ['open Notes and type hello', ['open_application', 'type_text']],
    ['click Save and Close', ['click_element']],
    ['Open Notes. Type hello.', ['open_application', 'type_text']],
    ['press down twice then press enter', ['press_key', 'press_key', 'press_key']],
    ['click Send then what is on screen', 'no_match'],
    ['', 'no_match'],
    ['click \u0007Send', 'no_match'],
    ['click \u202eSend', 'no_match'],
    ['frobnicate the widget', 'no_match'],
    ['x'.repeat(2001), 'no_match'],
  ];
  it.each(cases)('%j → %j', (command, expected) => {
    expect(steps(command)).toEqual(expected);
  });

  it('keeps a chain within the sequence limit', () => {
    const long = Array.from({ length: LIMITS.sequenceMax + 1 }, () => 'press tab').join(' then ');
    expect(parseCommand(long)).toMatchObject({ kind: 'no_match', reason: `more than ${LIMITS.sequenceMax} steps` });
  });

  it('says which step of a chain it could not read', () => {
    expect(parseCommand('press tab then frobnicate')).toMatchObject({ kind: 'no_match', reason: expect.stringMatching(/^step 2: /) });
  });

  it('never throws, whatever it is given', () => {
    expect(parseCommand(42 as unknown as string)).toMatchObject({ kind: 'no_match' });
  });
});
