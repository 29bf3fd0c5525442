// The user's key count as the bridge gives it (src/execution/accessibility/user-keys.ts): the real
// addon's source reads as a well-formed count before any watch starts; a bridge build without the
// watch gives no source; and a damaged answer (absent, wrong types) reads as zero presses, not
// watching, never as keys the user pressed. The watch hearing a real key runs on the private desktop
// (tests/execution/user-keys.desktop.test.ts).
import { describe, expect, it } from 'vitest';
import { openUserKeySource, type UserKeyCount } from '../../../src/execution/accessibility/user-keys.js';

const NOT_WATCHING: UserKeyCount = { presses: 0, seen: 0, watching: false, problem: '' };

describe('openUserKeySource', () => {
  it.skipIf(process.platform !== 'linux')('reads a well-formed count from the real addon before its watch starts', () => {
    const source = openUserKeySource();
    expect(source).toBeDefined();
    const count = source?.read();
    expect(count).toMatchObject({ presses: 0, watching: false });
    expect(typeof count?.problem).toBe('string');
    expect(Number.isInteger(count?.seen)).toBe(true);
  });

  it.each([
    ['no watch at all', {}],
    ['a watch without a count', { watchUserKeys: () => undefined }],
    ['a count without a watch', { userKeys: () => NOT_WATCHING }],
  ])('gives no source for a bridge with %s', (_what, native) => {
    expect(openUserKeySource(native)).toBeUndefined();
  });

  it.each<[string, unknown, UserKeyCount]>([
    ['nothing', undefined, NOT_WATCHING],
    ['an empty object', {}, NOT_WATCHING],
    ['numbers as text', { presses: '3', seen: '4', watching: 'yes', problem: 7 }, NOT_WATCHING],
    ['a count', { presses: 2, seen: 5, watching: true, problem: '' }, { presses: 2, seen: 5, watching: true, problem: '' }],
    ['a problem', { presses: 0, seen: 0, watching: false, problem: 'no XInput2' }, { ...NOT_WATCHING, problem: 'no XInput2' }],
  ])('reads %s as a count', (_what, answer, count) => {
    const source = openUserKeySource({ watchUserKeys: () => undefined, userKeys: () => answer as UserKeyCount });
    expect(source?.read()).toEqual(count);
  });

  it('passes the keys never counted to the watch as a copy', () => {
    const seen: string[][] = [];
    const ignored = ['F9', 'F10'];
    openUserKeySource({ watchUserKeys: (keys) => void seen.push(keys), userKeys: () => NOT_WATCHING })?.watch(ignored);
    expect(seen).toEqual([['F9', 'F10']]);
    expect(seen[0]).not.toBe(ignored);
  });
});
