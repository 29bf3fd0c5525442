import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Settings } from '../../src/config/settings.js';
import { checkCommandText } from '../../src/intent/command-text.js';
import { parseCommand } from '../../src/intent/grammar/grammar-planner.js';
import { commandPayload } from '../../src/shared/contracts/ipc-contract.js';
import { MAX_COMMAND_LENGTH, MAX_QUICK_COMMAND_LENGTH, unsafeText } from '../../src/shared/limits.js';

describe('unsafeText', () => {
  it.each([
    ['plain text', 'click Send', 'single_line', null],
    ['accents and emoji', 'tapez « café » 🙂', 'single_line', null],
    ['a tab in a name', 'a\tb', 'single_line', 'control'],
    ['a tab in typed text', 'a\tb', 'typed_text', null],
    ['a newline in typed text', 'a\nb', 'typed_text', null],
    ['a carriage return in typed text', 'a\rb', 'typed_text', 'control'],
    ['a carriage return in a command', 'a\r\nb', 'command', null],
    ['an escape in a command', 'a\u001b[31m', 'command', 'control'],
    ['DEL', 'a\u007f', 'command', 'control'],
    ['a C1 control (NEL)', 'a\u0085b', 'command', 'control'],
    ['a right-to-left override', 'OK\u202Eevil', 'command', 'direction'],
    ['a directional isolate', 'a\u2066b', 'typed_text', 'direction'],
    ['a lone high surrogate', 'a\ud83d', 'command', 'broken'],
    ['a lone low surrogate', '\ude00a', 'single_line', 'broken'],
  ] as const)('%s as %s', (_name, text, kind, expected) => {
    expect(unsafeText(text, kind)).toBe(expected);
  });
});

/** What running a quick command does with its text: the IPC contract, the loop's check, the grammar. */
function refusalWhenRun(command: string): string | null {
  if (!commandPayload.safeParse(command).success) return 'refused by the IPC contract';
  const checked = checkCommandText(command);
  if (!checked.ok) return `refused by the command check: ${checked.code}`;
  const grammar = parseCommand(checked.text);
  if (grammar.kind === 'no_match' && /longer than|control characters|direction overrides|broken characters/.test(grammar.reason)) {
    return `refused by the grammar: ${grammar.reason}`;
  }
  return null;
}

const savedQuickCommand = (text: string): string | undefined => {
  const parsed = Settings.safeParse({ quickCommands: [text] });
  return parsed.success ? parsed.data.quickCommands[0] : undefined;
};

describe('a quick command the settings accept is never refused when it runs (issue #17)', () => {
  it('the quick command limit fits within the command limit', () => {
    expect(MAX_QUICK_COMMAND_LENGTH).toBeLessThanOrEqual(MAX_COMMAND_LENGTH);
  });

  // Each of these was saved by the settings and then refused at the command check.
  it.each([
    ['a C1 control', 'scroll\u0085down'],
    ['a right-to-left override', 'click \u202EdneS'],
    ['a directional isolate', 'click \u2067Send'],
  ])('%s is refused by the settings already', (_name, text) => {
    expect(savedQuickCommand(text)).toBeUndefined();
    expect(refusalWhenRun(text)).not.toBeNull();
  });

  it('the longest quick command runs', () => {
    const longest = `type ${'a'.repeat(MAX_QUICK_COMMAND_LENGTH - 5)}`;
    expect(savedQuickCommand(longest)).toBe(longest);
    expect(refusalWhenRun(longest)).toBeNull();
  });

  it('holds for any text', () => {
    const tricky = fc.constantFrom(
      '\t',
      '\n',
      '\r',
      '\u0000',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u009f',
      '\u202A',
      '\u202E',
      '\u2066',
      '\u2069',
      '\ud83d',
      '\ude00',
      '🙂',
      ' ',
      'é',
    );
    const text = fc.array(fc.oneof(fc.string({ maxLength: 40 }), tricky), { maxLength: 12 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ minLength: 150, maxLength: 260 })), (raw) => {
        const saved = savedQuickCommand(raw);
        if (saved === undefined) return;
        expect(refusalWhenRun(saved)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});
