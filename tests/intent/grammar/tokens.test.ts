// The grammar's tokenizer: words and quoted strings with their offsets, one linear scan; the
// punctuation speech-to-text adds is dropped, the punctuation that names a key is kept.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSpace, isWord, joinTokens, stripTrailingPunctuation, tokenize, type Token } from '../../../src/intent/grammar/tokens.js';

function tokens(command: string): Token[] {
  const r = tokenize(command);
  if (!r.ok) throw new Error(r.reason);
  return r.tokens;
}
const raws = (command: string) => tokens(command).map((t) => (t.quoted ? `«${t.raw}»` : t.raw));
const stripped = (command: string) => stripTrailingPunctuation(command, tokens(command)).map((t) => t.raw);

describe('tokenize', () => {
  it('splits words on any kind of space and keeps offsets into the command', () => {
    const command = 'Open\tSafari\u00a0now\u3000 ok';
    expect(raws(command)).toEqual(['Open', 'Safari', 'now', 'ok']);
    for (const t of tokens(command)) expect(command.slice(t.start, t.end)).toBe(t.raw);
  });

  it('lowercases for matching and straightens curly apostrophes, keeping the raw text', () => {
    expect(tokens('Don’t CLICK')[0]).toEqual({ raw: 'Don’t', low: "don't", quoted: false, start: 0, end: 5 });
  });

  it('reads straight and curly quotes as one token, offsets around the quotes', () => {
    expect(tokens('type "Hello,  world" now')[1]).toEqual({ raw: 'Hello,  world', low: 'hello,  world', quoted: true, start: 5, end: 20 });
    expect(raws('type “Dear Sir” and „x”')).toEqual(['type', '«Dear Sir»', 'and', '«x»']);
    expect(raws('type ""')).toEqual(['type', '«»']);
  });

  it('keeps a quote inside a word (an inch mark) as part of the word', () => {
    expect(raws('type 5" wide')).toEqual(['type', '5"', 'wide']);
  });

  it('refuses an unclosed quote rather than guess where the text ends', () => {
    expect(tokenize('type "hello')).toEqual({ ok: false, reason: 'unclosed quote' });
  });

  it('splits trailing commas and semicolons into tokens of their own, but not a lone one', () => {
    expect(raws('Safari, then Mail;; ok')).toEqual(['Safari', ',', 'then', 'Mail', ';', ';', 'ok']);
    expect(raws(', ;')).toEqual([',', ';']);
    expect(raws('a,b')).toEqual(['a,b']);
  });

  it('gives nothing for an empty or blank command', () => {
    expect(tokenize('')).toEqual({ ok: true, tokens: [] });
    expect(tokenize(' \t\n\u2003')).toEqual({ ok: true, tokens: [] });
  });

  it('rebuilds the command with single spaces through joinTokens (property)', () => {
    const unit = fc.constantFrom('a', 'B', '1', ',', ';', '.', "'", ' ', '\t', '\u00a0', '\u2009', '-');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), (command) => {
        const words = command.split(/[ \t\u00a0\u2009]+/).filter((w) => w !== '');
        expect(joinTokens(command, tokens(command))).toBe(words.join(' '));
      }),
    );
  });

  it('reads a huge input whole', () => {
    const command = `${'word, '.repeat(50_000)}"${'x'.repeat(100_000)}"`;
    const all = tokens(command);
    expect(all).toHaveLength(100_001);
    expect(all.at(-1)).toMatchObject({ quoted: true, start: 300_000, end: command.length });
  });
});

describe('joinTokens', () => {
  it('keeps quoted tokens in their quotes and glues split punctuation back', () => {
    const command = 'click  “Save as” ,  then';
    expect(joinTokens(command, tokens(command))).toBe('click “Save as” , then');
    expect(joinTokens('Safari, then', tokens('Safari, then'))).toBe('Safari, then');
    expect(joinTokens('x', [])).toBe('');
  });
});

describe('isSpace', () => {
  it('knows ASCII, no-break and Unicode spaces, and nothing else', () => {
    for (const ch of [' ', '\t', '\n', '\r', '\u00a0', '\u2000', '\u200a', '\u202f', '\u205f', '\u3000'])
      expect(isSpace(ch), ch.charCodeAt(0).toString(16)).toBe(true);
    for (const ch of ['a', '_', '\u200b', '\u200d', '\u2028', '\v', '\f']) expect(isSpace(ch), ch.charCodeAt(0).toString(16)).toBe(false);
  });
});

describe('stripTrailingPunctuation', () => {
  it('drops the sentence end speech-to-text adds', () => {
    expect(stripped('Open Safari.')).toEqual(['Open', 'Safari']);
    expect(stripped('Scroll down!?')).toEqual(['Scroll', 'down']);
    expect(stripped('Wait…')).toEqual(['Wait']);
    expect(stripped('Open Safari ,')).toEqual(['Open', 'Safari']);
    expect(stripped('Open Safari, .')).toEqual(['Open', 'Safari']);
  });

  it('keeps a final "." or "," that names a key after a chord joiner', () => {
    expect(stripped('press cmd+.')).toEqual(['press', 'cmd+.']);
    expect(stripped('press cmd+,')).toEqual(['press', 'cmd+', ',']);
    expect(stripped('press ctrl-.')).toEqual(['press', 'ctrl-.']);
    expect(stripped('press cmd+..')).toEqual(['press', 'cmd+.']);
  });

  it('never touches a quoted token, and leaves no empty token', () => {
    expect(stripped('type "Hi."')).toEqual(['type', 'Hi.']);
    expect(stripped('stop . !')).toEqual(['stop']);
    expect(stripped('...')).toEqual([]);
  });

  it('keeps offsets right for the shortened token', () => {
    const command = 'Open Safari.';
    const last = stripTrailingPunctuation(command, tokens(command)).at(-1)!;
    expect(command.slice(last.start, last.end)).toBe('Safari');
    expect(last.low).toBe('safari');
  });
});

describe('isWord', () => {
  it('matches an unquoted token by its lowercase text', () => {
    const [go, quoted] = tokens('GO "to"');
    expect(isWord(go, 'go', 'jump')).toBe(true);
    expect(isWord(go, 'Go')).toBe(false);
    expect(isWord(quoted, 'to')).toBe(false);
    expect(isWord(undefined, 'go')).toBe(false);
  });
});
