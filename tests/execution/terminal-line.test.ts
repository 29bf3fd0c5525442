// A terminal's line as the gate reads it: the caret's row, after the prompt.
import { describe, expect, it } from 'vitest';
import { commandAfterPrompt, readTerminalLine, rowAtCaret } from '../../src/execution/terminal-line.js';

describe('the terminal line', () => {
  it('is the row of the caret', () => {
    const text = 'old output\n$ touch parcels\n\n';
    expect(rowAtCaret(text, Array.from('old output\n$ touch parcels').length)).toBe('$ touch parcels');
    expect(rowAtCaret('', 0)).toBe('');
  });

  it('is what follows the first prompt end, so text in the command cannot hide it', () => {
    expect(commandAfterPrompt('$ ')).toBe('');
    expect(commandAfterPrompt('user@host:~/src$ ')).toBe('');
    expect(commandAfterPrompt('user@host:~/src$ rm -rf x # ')).toBe('rm -rf x #');
    expect(commandAfterPrompt('>>> import os')).toBe('import os');
    expect(commandAfterPrompt('$ echo pwned > file')).toBe('echo pwned > file');
    expect(commandAfterPrompt('a wrapped command without a prompt')).toBe('a wrapped command without a prompt');
  });

  it('cannot be read without the caret or the text: null', async () => {
    const ref = { generation: 1, id: 1 };
    const failing = { readValue: async () => null, textSelection: async () => ({ caret: 2, start: 2, end: 2 }) };
    expect(await readTerminalLine(failing as never, ref)).toBeNull();
    const throwing = { readValue: async () => '$ ls', textSelection: async () => Promise.reject(new Error('gone')) };
    expect(await readTerminalLine(throwing as never, ref)).toBeNull();
    const good = { readValue: async () => '$ ls -l\n', textSelection: async () => ({ caret: 7, start: 7, end: 7 }) };
    expect(await readTerminalLine(good as never, ref)).toBe('ls -l');
  });
});
