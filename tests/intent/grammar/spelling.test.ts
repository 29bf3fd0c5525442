// Spelling (src/intent/grammar/spelling.ts, issue #32 item 2): what was spelled is typed exactly —
// letters plain or by the NATO alphabet, capitals, digits, symbols by name — through the whole
// grammar (punctuation a recogniser adds, chains); a word it does not know is no match, never a guess.
import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../../src/intent/grammar/grammar-planner.js';
import { matchSpelling } from '../../../src/intent/grammar/spelling.js';
import { reading, tokens } from './read-fixture.js';

const plan = (text: string) => {
  const r = parseCommand(text, { platform: 'linux' });
  return r.kind === 'intent' ? r.intent : r.kind;
};

describe('spell …', () => {
  const typed: [string, string][] = [
    ['spell alpha bravo charlie', 'abc'],
    ['Spell alpha, bravo, charlie.', 'abc'],
    ['spell cap delta echo', 'De'],
    ['spell capital a b c', 'Abc'],
    ['spell upper x-ray', 'X'],
    ['spell b e r n', 'bern'],
    ['spell X K 4 2', 'XK42'],
    ['spell four two one', '421'],
    ['spell zero oh seven', '007'],
    ['spell a dash b', 'a-b'],
    ['spell j dot d o e at sign e x dot c o m', 'j.doe@ex.com'],
    ['spell foxtrot space golf', 'f g'],
    ['spell question mark exclamation point', '?!'],
    ['spell open paren one close paren', '(1)'],
    ['spell "Zoë-7"', 'Zoë-7'],
    ['spell whiskey whisky juliett juliet', 'wwjj'],
  ];
  it.each(typed)('%j types %j', (command, text) => {
    expect(plan(command)).toEqual({ intent: 'type_text', text });
  });

  it('a word that is not a character is no match, naming it (not a guess at its letters)', () => {
    expect(plan('spell upper x-ray ray')).toBe('no_match');
    expect(reading(matchSpelling(tokens('spell bern')))).toBe('fail');
    const r = matchSpelling(tokens('spell ab cd'));
    expect(r !== null && !r.ok ? r.reason : '').toContain('cannot spell "ab"');
  });

  it('"spell" alone, or only commas, asks what to spell; other commands are not spelling', () => {
    expect(plan('spell')).toBe('no_match');
    expect(plan('spell , ,')).toBe('no_match');
    expect(matchSpelling(tokens('type hello'))).toBeNull();
    expect(matchSpelling(tokens('click Spell Check'))).toBeNull();
  });

  it('"cap" with nothing after it to capitalise is no match', () => {
    expect(plan('spell a cap')).toBe('no_match');
  });

  it('chains: spelled text, then a key', () => {
    const r = parseCommand('spell alpha bravo then press enter', { platform: 'linux' });
    expect(r.kind === 'intent' && r.intent.intent === 'sequence' ? r.intent.steps : r).toEqual([
      { intent: 'type_text', text: 'ab' },
      { intent: 'press_key', key: 'enter' },
    ]);
  });
});
