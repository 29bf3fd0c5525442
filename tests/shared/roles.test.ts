// The shared role vocabulary (src/shared/roles.ts).
import { describe, expect, it } from 'vitest';
import { isRole, ROLES, TEXT_ENTRY_ROLES } from '../../src/shared/roles.js';
import { itAnswers } from '../support/yes-no.js';

describe('roles', () => {
  itAnswers('%j is a role: %s', isRole, ['button', 'password_field'], ['Button', 'push button', '']);

  it('lists each role once, in snake case, and takes text only in roles it knows', () => {
    expect(new Set(ROLES).size).toBe(ROLES.length);
    for (const r of ROLES) expect(r).toMatch(/^[a-z]+(_[a-z]+)*$/);
    for (const r of TEXT_ENTRY_ROLES) expect(isRole(r)).toBe(true);
    expect(TEXT_ENTRY_ROLES.has('button')).toBe(false);
  });
});
