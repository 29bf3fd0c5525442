// The grammar's phrasing table (tests/intent/grammar-table.ts) as tests: each command becomes its
// intent or does not match, with a reason; every intent of the table is one the schema accepts.
import { describe, it, expect } from 'vitest';
import { parseCommand } from '../../src/intent/grammar/grammar-planner.js';
import { Intent } from '../../src/intent/schema.js';
import { TABLE } from './grammar-table.js';

describe('grammar planner: the phrasing table', () => {
  it('has at least 150 rows, every command once', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(150);
    expect(new Set(TABLE.map(([c]) => c)).size).toBe(TABLE.length);
  });

  it.each(TABLE)('%j', (command, expected) => {
    const result = parseCommand(command);
    if (expected === null) {
      expect(result.kind).toBe('no_match');
      if (result.kind === 'no_match') expect(result.reason.length).toBeGreaterThan(0);
    } else {
      expect(result).toEqual({ kind: 'intent', intent: expected });
    }
  });

  it('returns only intents the schema accepts, across the whole table', () => {
    for (const [command] of TABLE) {
      const result = parseCommand(command);
      if (result.kind === 'intent') expect(Intent.safeParse(result.intent).success, command).toBe(true);
    }
  });

  it('expects only valid intents in the table itself', () => {
    for (const [command, expected] of TABLE) {
      if (expected !== null) expect(Intent.safeParse(expected).success, command).toBe(true);
    }
  });
});
