// A user's command matched against what was said (src/intent/user-command-match.ts): case, punctuation
// and spaces aside; a slot takes one or more words; app-scoped and longer phrases first; a slot value
// that holds a second command, a line break or nothing is refused before it fills the body.
import { describe, expect, it } from 'vitest';
import { appliesTo, fillCommand, matchPhrases, slotValueProblem } from '../../src/intent/user-command-match.js';
import { readPhrase, type UserCommand } from '../../src/intent/user-commands.js';
import { itAnswers } from '../support/yes-no.js';

function command(say: string, body: unknown = { intent: 'type_text', text: '{name}' }, app?: string): UserCommand {
  const phrase = readPhrase(say);
  if (!phrase.ok) throw new Error(phrase.why);
  return { say, body, parts: phrase.parts, line: 1, ...(app ? { app } : {}) };
}

describe('matchPhrases', () => {
  const reply = command('reply to {name}');
  it.each<[string, Record<string, string> | undefined]>([
    ['reply to Ada', { name: 'Ada' }],
    ['Reply   to  Ada Lovelace.', { name: 'Ada Lovelace' }],
    ['reply to "Ada"', { name: 'Ada' }],
    ['reply to', undefined],
    ['please reply to Ada', undefined],
  ])('%j → %j', (said, values) => {
    expect(matchPhrases(said, [reply])[0]?.values).toEqual(values);
  });

  it('puts an app-scoped command first, then the one with more words said exactly', () => {
    const general = command('send {name}');
    const longer = command('send to {name}');
    const scoped = command('send {name}', {}, 'Thunderbird');
    expect(matchPhrases('send to Ada', [general, longer, scoped]).map((m) => m.command)).toEqual([scoped, longer, general]);
  });
});

describe('appliesTo', () => {
  it.each<[string | undefined, string | undefined, boolean]>([
    [undefined, 'gedit', true],
    [undefined, undefined, true],
    ['gedit', ' GEdit ', true],
    ['gedit', 'Firefox', false],
    ['gedit', undefined, false],
  ])('a command for %j with %j in front: %s', (app, front, yes) => {
    expect(appliesTo(command('x', {}, app), front)).toBe(yes);
  });
});

describe('slot values', () => {
  itAnswers(
    '%j can be used: %s',
    (value: string) => slotValueProblem('name', value) === undefined,
    // "salt and pepper": "and" before a word that is no verb.
    ['Ada Lovelace', 'salt and pepper'],
    ['', 'Ada then delete everything', 'Ada; rm', 'Ada and click Delete', 'Ada\nclick Delete', 'x'.repeat(10_000)],
  );

  it('fills the body, or says which command was not run', () => {
    const reply = command('reply to {name}');
    expect(fillCommand({ command: reply, values: { name: 'Ada' } })).toEqual({ ok: true, body: { intent: 'type_text', text: 'Ada' } });
    expect(fillCommand({ command: reply, values: { name: 'Ada then quit' } })).toMatchObject({ ok: false, message: expect.stringContaining('was not run') });
  });
});
