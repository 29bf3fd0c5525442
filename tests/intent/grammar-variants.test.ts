// Each command of the phrasing table said differently (case, white space, punctuation, politeness)
// reads the same; labels, apps and text keep their case.
import { describe, it, expect } from 'vitest';
import { parseCommand } from '../../src/intent/grammar/grammar-planner.js';
import { click, open, TABLE, type, type Row } from './grammar-table.js';

describe('grammar planner: case, whitespace and punctuation', () => {
  // Left out on purpose: unquoted text (a trailing "please" there may be part of the text, so it
  // is no_match), commands that already carry politeness, and ones ending in "+" or "-", where a
  // final "." is the period key ("cmd+.").
  const SAMPLES: readonly Row[] = TABLE.filter(
    ([command, expected]) => expected !== null && !/["“”]|\b(type|dictate)\b|^(please|can|could)\b|[+-]$/i.test(command),
  );

  /** Variants a speech engine or a hurried typist produces; none changes a label. */
  const variants = (command: string): string[] => {
    const [verb = '', ...rest] = command.split(' ');
    const tail = rest.join(' ');
    return [
      `${verb.toUpperCase()} ${tail}`,
      `${verb.charAt(0).toUpperCase()}${verb.slice(1)} ${tail}`,
      `  ${command.split(' ').join('   ')}  `,
      command.split(' ').join('\t'),
      `${command}.`,
      `${command}!`,
      `${command}?`,
      `${command}...`,
      `please ${command}`,
      `Can you ${command}?`,
      `${command}, please.`,
    ];
  };

  it.each(SAMPLES)('%j reads the same when said differently', (command) => {
    const expected = parseCommand(command);
    expect(expected.kind).toBe('intent');
    for (const variant of variants(command)) expect(parseCommand(variant), variant).toEqual(expected);
  });

  it('keeps the case of labels, apps and text', () => {
    expect(parseCommand('CLICK the Send button')).toEqual({ kind: 'intent', intent: click('Send', 'button') });
    expect(parseCommand('open safari')).toEqual({ kind: 'intent', intent: open('safari') });
    expect(parseCommand('TYPE "MiXeD"')).toEqual({ kind: 'intent', intent: type('MiXeD') });
  });
});
