// The permission report's shape (src/shared/permissions.ts), as the panel receives it over IPC.
import { describe, expect, it } from 'vitest';
import { permissionStatus } from '../../src/shared/permissions.js';

const granted = { kind: 'accessibility', state: 'granted', explanation: '', canOpenSettings: true };

describe('permissionStatus', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['a granted report', granted, true],
    ['a missing microphone, with its sentence', { ...granted, kind: 'microphone', state: 'denied', explanation: 'Turn on the microphone.' }, true],
    ['an unknown kind', { ...granted, kind: 'camera' }, false],
    ['an unknown state', { ...granted, state: 'maybe' }, false],
    ['an extra field', { ...granted, extra: 1 }, false],
    ['an explanation past 500 characters', { ...granted, explanation: 'x'.repeat(501) }, false],
  ])('%s: valid %s', (_, value, ok) => {
    expect(permissionStatus.safeParse(value).success).toBe(ok);
  });
});
