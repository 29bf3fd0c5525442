// The panel's keyboard focus heard on the window and on its page (issue #20: a macOS non-activating
// panel may not emit the window's 'focus'/'blur'); each change is reported once.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { followPanelFocus } from '../../src/main/panel/panel-focus.js';

describe('followPanelFocus', () => {
  it('reports focus from either source, once per change', () => {
    const window = new EventEmitter();
    const page = new EventEmitter();
    const changes: boolean[] = [];
    followPanelFocus([window, page], (focused) => changes.push(focused));
    page.emit('focus'); // the non-activating panel: only the page says so
    window.emit('focus');
    page.emit('blur');
    window.emit('blur');
    window.emit('focus'); // elsewhere: the window says it first
    page.emit('focus');
    expect(changes).toEqual([true, false, true]);
  });
});
