// Web addresses in commands (src/intent/grammar/verbs-web.ts): a word is a host by its top-level
// domain (a file name is not), an address gets https://, and a scheme other than http(s) is
// "unsupported" with its sentence, never opened.
import { describe, expect, it } from 'vitest';
import { looksLikeHost, parseVisit, readWebTarget } from '../../../src/intent/grammar/verbs-web.js';
import { reading, tokens } from './read-fixture.js';

describe('looksLikeHost', () => {
  it.each<[string, boolean]>([
    ['example.com', true],
    ['www.example.org/page?x=1', true],
    ['example.de:8080/', true],
    ['www.notes.txt', true], // www. names a host whatever follows
    ['notes.txt', false], // a file name
    ['report.pdf', false],
    ['readme.md', false], // a country code that is a file extension
    ['example', false],
    ['1.2', false],
  ])('%j → %s', (word, host) => {
    expect(looksLikeHost(word)).toBe(host);
  });
});

describe('readWebTarget', () => {
  const cases: [string, unknown][] = [
    ['example.com', { intent: 'open_url', url: 'https://example.com/' }],
    ['the website example.com', { intent: 'open_url', url: 'https://example.com/' }],
    ['http://example.com/a', { intent: 'open_url', url: 'http://example.com/a' }],
    ['Firefox', null],
    ['two words.com here', null],
  ];
  it.each(cases)('%j → %j', (words, expected) => {
    expect(reading(readWebTarget(tokens(words)))).toEqual(expected);
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd'])('%s is unsupported, with a sentence', (address) => {
    const r = reading(readWebTarget(tokens(address)));
    expect(r).toMatchObject({ intent: 'unsupported', suggestion: expect.any(String) });
  });

  it('visit takes only an address', () => {
    expect(reading(parseVisit(tokens('Firefox')))).toBe('fail');
  });
});
