// Edits far from both ends of a long text (issue #32 item 3), said to a real loop and read back
// exactly: the same steps on a GTK text view and a Firefox text area.
import { expect } from 'vitest';

/** 80 lines of 40 characters: the middle is some 1,600 key presses from either end. */
export const REPORT_LINES: readonly string[] = Array.from({ length: 80 }, (_, i) =>
  i === 39 ? 'Line 40 of the long report, from Zurich.' : `Line ${String(i + 1).padStart(2, '0')} of the long report, plain.`,
);

export interface LongTextField {
  /** Says a command; it must be done; its answer. */
  readonly say: (command: string) => Promise<string>;
  readonly value: () => Promise<string>;
  readonly selection: () => Promise<{ caret: number; start: number; end: number }>;
}

/**
 * Corrects, selects, puts the caret and deletes far from both ends of REPORT_LINES in the focused
 * field that holds them, each read back exactly. Returns the text it left.
 */
export async function editLongText(field: LongTextField): Promise<string> {
  const long = REPORT_LINES.join('\n');
  expect(await field.value()).toBe(long);
  const selected = async (): Promise<string> => {
    const { start, end } = await field.selection();
    return (await field.value()).slice(start, end);
  };

  expect(await field.say('correct Zurich to Geneva')).toBe('Corrected “Zurich” to “Geneva”.');
  const corrected = long.replace('Zurich', 'Geneva');
  expect(await field.value()).toBe(corrected);

  await field.say('select the 41st line');
  expect(await selected()).toBe(REPORT_LINES[40]);

  await field.say('go to the start of the 42nd line');
  const at = corrected.indexOf(REPORT_LINES[41] ?? '');
  expect(await field.selection()).toEqual({ caret: at, start: at, end: at });

  expect(await field.say('delete the 38th line')).toMatch(/^Deleted “Line 38 of the long report, plain\.”/u);
  const deleted = corrected.replace(`${REPORT_LINES[37]}\n`, '');
  expect(await field.value()).toBe(deleted);
  return deleted;
}
