// assertNever (src/shared/assert-never.ts): reached at run time only with a value the types ruled out,
// it fails loudly and names the value.
import { describe, expect, it } from 'vitest';
import { assertNever } from '../../src/shared/assert-never.js';

describe('assertNever', () => {
  it.each([
    ['a string', 'teleport', 'dispatch: unknown intent: "teleport"'],
    ['an object', { kind: 'new' }, 'dispatch: unknown intent: {"kind":"new"}'],
  ])('throws with %s named', (_, value, message) => {
    expect(() => assertNever(value as never, 'dispatch: unknown intent')).toThrow(message);
  });
});
