import { describe, expect, it } from 'vitest';
import { TerminalLines } from '../../src/execution/engine-parts.js';

describe('terminal lines the engine typed', () => {
  it('keeps what follows the last line break as the pending line, per app', () => {
    const lines = new TerminalLines();
    lines.typed(1, 'rm -rf build');
    expect(lines.has(1)).toBe(true);
    expect(lines.has(2)).toBe(false);
    lines.typed(1, '\n');
    expect(lines.has(1)).toBe(false); // the line ran with its line break
    lines.typed(1, 'ls\r\necho hi');
    expect(lines.has(1)).toBe(true);
  });

  it('forgets a line once it ran or was cleared, and remembers a drop', () => {
    const lines = new TerminalLines();
    lines.typed(7, 'make install');
    lines.cleared(7);
    expect(lines.has(7)).toBe(false);
    lines.dropped(7);
    expect(lines.has(7)).toBe(true);
  });
});
