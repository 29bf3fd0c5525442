import { describe, expect, it } from 'vitest';
import { centre, contains, describeElement, elementAt, notOnScreen } from '../../src/execution/element-geometry.js';
import { DISABLED, el } from './element-fixtures.js';

describe('element geometry', () => {
  it('finds the centre of an element with an area, and none without', () => {
    expect(centre(el(1, 'button', 'OK', { bounds: { x: 10, y: 20, width: 30, height: 10 } }))).toEqual({ x: 25, y: 25 });
    expect(centre(el(1, 'button', 'OK', { bounds: { x: 10, y: 20, width: 0, height: 10 } }))).toBeUndefined();
    expect(centre(el(1, 'button', 'OK', { bounds: null }))).toBeUndefined();
  });

  it('takes a point on the left/top edge as inside and the right/bottom edge as outside', () => {
    const b = el(1, 'button', 'OK', { bounds: { x: 10, y: 10, width: 10, height: 10 } });
    expect(contains(b, { x: 10, y: 10 })).toBe(true);
    expect(contains(b, { x: 20, y: 15 })).toBe(false);
  });

  it('picks the smallest visible element under a point, never the application', () => {
    const win = el(1, 'window', 'W', { bounds: { x: 0, y: 0, width: 200, height: 200 } });
    const panel = el(2, 'group', '', { bounds: { x: 0, y: 0, width: 100, height: 100 } });
    const button = el(3, 'button', 'Delete', { bounds: { x: 10, y: 10, width: 40, height: 20 } });
    const app = el(4, 'application', 'App', { bounds: { x: 0, y: 0, width: 1, height: 1 } });
    expect(elementAt([win, panel, button, app], { x: 20, y: 20 })?.name).toBe('Delete');
    expect(elementAt([win, panel, button], { x: 150, y: 150 })?.name).toBe('W');
    expect(elementAt([win], { x: 500, y: 500 })).toBeUndefined();
    expect(elementAt([app], { x: 0, y: 0 })).toBeUndefined();
  });

  it('names an element by its label, else by its role, and says why it cannot be clicked', () => {
    expect(describeElement(el(1, 'button', 'Send'))).toBe('“Send”');
    expect(describeElement(el(1, 'push_button' as never, ''))).toBe('the push button');
    const off = notOnScreen(el(1, 'button', 'Send', { states: DISABLED }));
    expect(off.kind === 'failure' && off.reason).toContain('disabled');
  });
});
