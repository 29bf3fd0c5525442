import { describe, expect, it } from 'vitest';
import { appOf, roleOf, snapshotOf, toAccessibilityError } from '../../../src/execution/accessibility/native-values.js';
import { AccessibilityError } from '../../../src/execution/accessibility/types.js';
import type { NativeSnapshot } from '../../../src/execution/accessibility/native.js';

describe('native values', () => {
  it('keeps the addon error code it knows and calls anything else failed', () => {
    const timeout = Object.assign(new Error('The app did not answer.'), { code: 'timeout' });
    expect(toAccessibilityError(timeout)).toMatchObject({ code: 'timeout', message: 'The app did not answer.' });
    const odd = Object.assign(new Error('Weird.'), { code: 'EWHATEVER' });
    expect(toAccessibilityError(odd).code).toBe('failed');
    expect(toAccessibilityError('a string')).toMatchObject({ code: 'failed', message: 'a string' });
    const own = new AccessibilityError('stale', 'Observe again.');
    expect(toAccessibilityError(own)).toBe(own);
  });

  it('makes an unknown role unknown, and keeps only the app fields it names', () => {
    expect(roleOf('button')).toBe('button');
    expect(roleOf('__proto__')).toBe('unknown');
    const app = appOf({ pid: 4, name: 'gedit', bundleId: null, frontmost: true, responding: false, extra: 'x' } as never);
    expect(app).toEqual({ pid: 4, name: 'gedit', bundleId: null, frontmost: true, responding: false });
  });

  it('leaves out states and actions an app invented, and an unknown truncation or source', () => {
    const raw = {
      generation: 3,
      pid: 9,
      app: 'Fixture',
      truncated: 'because I said so',
      source: 'magic',
      elements: [
        {
          id: 1,
          role: 'push-button-of-doom',
          platformRole: 'x',
          name: 'OK',
          description: '',
          value: null,
          bounds: null,
          states: ['focused', 'haunted'],
          actions: ['press', 'rm -rf'],
          parent: null,
          depth: 0,
        },
      ],
    } as unknown as NativeSnapshot;
    const s = snapshotOf(raw, 12.5);
    expect(s).toMatchObject({ generation: 3, pid: 9, app: 'Fixture', truncated: 'none', source: 'walk', elapsedMs: 12.5 });
    expect(s.elements[0]).toMatchObject({ role: 'unknown', states: ['focused'], actions: ['press'] });
    expect(snapshotOf({ ...raw, truncated: 'max_nodes', source: 'mirror' }, 0)).toMatchObject({ truncated: 'max_nodes', source: 'mirror' });
  });
});
