// The spaces around words typed at a place (issue #32 item 4): as dictation writes them, never doubled.
// Each row: the field's text with ‸ where the words go, the words, and the text after.
import { describe, expect, it } from 'vitest';
import { spacedAt } from '../../src/agent/text-editing.js';

const ROWS = `
hello ‸world | big | hello big world
hello‸ world | big | hello big world
hello‸ | world | hello world
‸hello | Dear Anna, | Dear Anna, hello
‸ | hello | hello
from Geneva‸. | (checked) | from Geneva (checked).
example‸ | .com | example.com
so‸ good |  very | so very good
Hi.‸ | Bye | Hi. Bye
a ‸(b) | x | a x (b)
`;

describe('spacedAt', () => {
  const rows = ROWS.trim()
    .split('\n')
    .map((row) => row.split(' | ') as [string, string, string]);
  it.each(rows)('%s + %j → %s', (marked, words, after) => {
    const at = marked.indexOf('‸');
    const text = marked.replace('‸', '');
    expect(text.slice(0, at) + spacedAt(text, at, words) + text.slice(at)).toBe(after);
  });
});
