/**
 * Tables as tests, one test a row: what a function gives for each input. The unit tests of the
 * project's word tables, readers and small mappings share these instead of each writing its own
 * `it.each` body.
 */
import { expect, it } from 'vitest';

/** The rows for inputs that give the same: `same('stop', 'Stop.', 'Please stop!')`. */
export const same = <I, const O>(expected: O, ...inputs: I[]): Array<[I, O]> => inputs.map((input): [I, O] => [input, expected]);

/**
 * One test a row: `give(input)` is the row's value (`toBe`: primitives, the same object). `title`
 * names a test from its row ("%s is %s").
 */
export function itGives<I, O>(title: string, give: (input: I) => O, rows: ReadonlyArray<readonly [I, O]>): void {
  it.each(rows.map((r): [I, O] => [r[0], r[1]]))(title, (input, expected) => {
    expect(give(input)).toBe(expected);
  });
}

/** One test a row: `read(input)` equals the row's value, deeply (`toEqual`). */
export function itReads<I>(title: string, read: (input: I) => unknown, rows: ReadonlyArray<readonly [I, unknown]>): void {
  it.each(rows.map((r): [I, unknown] => [r[0], r[1]]))(title, (input, expected) => {
    expect(read(input)).toEqual(expected);
  });
}

/** One test an input: `read(input)` is null, what a reader gives for words that are not its own. */
export function itReadsNull<I>(title: string, read: (input: I) => unknown, inputs: readonly I[]): void {
  it.each(inputs.map((input): [I] => [input]))(title, (input) => {
    expect(read(input)).toBeNull();
  });
}

/** One test an input: `read(input)` is undefined, what a word table gives for words it does not hold. */
export function itReadsNone<I>(title: string, read: (input: I) => unknown, inputs: readonly I[]): void {
  it.each(inputs.map((input): [I] => [input]))(title, (input) => {
    expect(read(input)).toBeUndefined();
  });
}

/** One test a row whose first value is already worked out (a sentence said, a name made): it is the second (`toBe`). */
export function itIs<T>(title: string, rows: ReadonlyArray<readonly [T, T]>): void {
  itGives(title, (value: T) => value, rows);
}
