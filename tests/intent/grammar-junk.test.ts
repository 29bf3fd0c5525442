// Junk, over-long and mutated input: the grammar never throws, and returns only intents the schema
// accepts or no match with a reason.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseCommand } from '../../src/intent/grammar/grammar-planner.js';
import { MAX_COMMAND_LENGTH } from '../../src/shared/limits.js';
import { Intent } from '../../src/intent/schema.js';
import { TABLE } from './grammar-table.js';

describe('grammar planner: junk input', () => {
  const junk: readonly string[] = [
    'x'.repeat(100_000),
    `click ${'a '.repeat(50_000)}`,
    'click Send\u0000',
    '\u0007\u0008\u001b[2J',
    'open \u202eirafaS',
    'click \ud800',
    'type "\udc00"',
    '🚀🚀🚀 click 🚀',
    '"'.repeat(999),
    '“'.repeat(500),
    'then then then',
    ', , , and and then',
    'press +++',
    'press ----',
    'click ((((((((((',
    'drag to to to to',
    'scroll down by by by',
    'x 1 y 2',
    'move the mouse to x y',
    'click at x=, y=',
  ];

  it.each(junk.map((s) => [s.slice(0, 40), s] as const))('never throws on %j', (_name, input) => {
    const result = parseCommand(input);
    if (result.kind === 'intent') expect(Intent.safeParse(result.intent).success).toBe(true);
    else expect(result.reason.length).toBeGreaterThan(0);
  });

  it('does not read commands longer than the cap', () => {
    const long = `open Safari${' '.repeat(MAX_COMMAND_LENGTH)}`;
    expect(parseCommand(long)).toEqual({ kind: 'no_match', reason: `command longer than ${MAX_COMMAND_LENGTH} characters` });
  });

  it('rejects control characters and broken surrogates with a reason', () => {
    expect(parseCommand('click Send\u0000')).toEqual({ kind: 'no_match', reason: 'command contains control characters' });
    expect(parseCommand('click \ud800 Send')).toEqual({ kind: 'no_match', reason: 'command contains broken characters' });
  });

  it('never throws and returns only schema-valid intents for arbitrary and mutated input', () => {
    const seeds = TABLE.map(([c]) => c);
    const mutated = fc.tuple(fc.constantFrom(...seeds), fc.nat(), fc.string({ unit: 'binary', maxLength: 8 })).map(([seed, pos, insert]) => {
      const at = pos % (seed.length + 1);
      return seed.slice(0, at) + insert + seed.slice(at);
    });
    const arbitrary = fc.string({ unit: 'binary', maxLength: 200 });
    fc.assert(
      fc.property(fc.oneof(mutated, arbitrary), (input) => {
        const result = parseCommand(input);
        if (result.kind === 'intent') return Intent.safeParse(result.intent).success;
        return result.kind === 'no_match' && result.reason.length > 0;
      }),
      { numRuns: 3000 },
    );
  });
});
