/**
 * A yes-or-no question asked of each value in a table, one test a value: the unit tests of the
 * project's predicates (is a role, a secret field, a terminal, a usable slot value …) share it.
 */
import { itGives } from './tables.js';

/**
 * One test a value: `answer` must say true to each value in `yes` and false to each in `no`. `title`
 * names a test from its value and the answer expected ("%j is a role: %s").
 */
export function itAnswers<T>(title: string, answer: (value: T) => boolean, yes: readonly T[], no: readonly T[]): void {
  itGives(title, answer, [...yes.map((v): [T, boolean] => [v, true]), ...no.map((v): [T, boolean] => [v, false])]);
}
