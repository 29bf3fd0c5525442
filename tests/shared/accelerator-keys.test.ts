// Accelerator text read as the keys a page sees (hold-to-talk in the panel, issue #8).
import { describe, expect, it } from 'vitest';
import { acceleratorKeys, type KeyLike } from '../../src/shared/accelerator-keys.js';

const key = (code: string, key: string, mods: Partial<Pick<KeyLike, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>> = {}): KeyLike => ({
  code,
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('acceleratorKeys', () => {
  it('CommandOrControl is Ctrl off macOS and Command on macOS; the modifiers must be exactly those', () => {
    const linux = acceleratorKeys('CommandOrControl+Shift+L', false)!;
    expect(linux.pressed(key('KeyL', 'L', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(linux.pressed(key('KeyL', 'L', { metaKey: true, shiftKey: true }))).toBe(false);
    expect(linux.pressed(key('KeyL', 'L', { ctrlKey: true, shiftKey: true, altKey: true }))).toBe(false);
    expect(linux.pressed(key('KeyL', 'l', { ctrlKey: true }))).toBe(false);
    const mac = acceleratorKeys('CommandOrControl+Shift+L', true)!;
    expect(mac.pressed(key('KeyL', 'L', { metaKey: true, shiftKey: true }))).toBe(true);
    expect(mac.pressed(key('KeyL', 'L', { ctrlKey: true, shiftKey: true }))).toBe(false);
  });

  it('matches the physical key, so Option or another layout does not change it', () => {
    const keys = acceleratorKeys('Alt+L', true)!;
    expect(keys.pressed(key('KeyL', '¬', { altKey: true }))).toBe(true);
    expect(acceleratorKeys('Ctrl+Space', false)!.pressed(key('Space', ' ', { ctrlKey: true }))).toBe(true);
    expect(acceleratorKeys('F9', false)!.pressed(key('F9', 'F9'))).toBe(true);
    expect(acceleratorKeys('Ctrl+Plus', false)!.pressed(key('Equal', '+', { ctrlKey: true }))).toBe(true);
    expect(acceleratorKeys('Ctrl+/', false)!.pressed(key('Slash', '/', { ctrlKey: true }))).toBe(true);
  });

  it('the release of the key or of any of its modifiers ends a hold; other keys do not', () => {
    const keys = acceleratorKeys('CommandOrControl+Shift+L', true)!;
    expect(keys.released(key('KeyL', 'L'))).toBe(true);
    expect(keys.released(key('MetaLeft', 'Meta'))).toBe(true);
    expect(keys.released(key('ShiftLeft', 'Shift'))).toBe(true);
    expect(keys.released(key('ControlLeft', 'Control'))).toBe(false);
    expect(keys.released(key('KeyK', 'k'))).toBe(false);
  });

  it('text that is not an accelerator gives nothing', () => {
    expect(acceleratorKeys('Nonsense', false)).toBeUndefined();
    expect(acceleratorKeys('Hyper+L', false)).toBeUndefined();
    expect(acceleratorKeys('Ctrl+', false)).toBeUndefined();
  });
});
