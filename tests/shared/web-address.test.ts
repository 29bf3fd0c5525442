// open_url's addresses (issue #18): http and https only, refused with a sentence otherwise (at
// validation, for any planner), shown in full however long, and honest about look-alike hosts.
import { describe, expect, it } from 'vitest';
import { readWebAddress, showWebAddress, WEB_ADDRESS_MAX } from '../../src/shared/web-address.js';
import { Intent } from '../../src/intent/schema.js';
import { validatePlannerOutput } from '../../src/intent/validator.js';
import { describeIntent } from '../../src/intent/describe.js';
import { classifyRisk, gateDecision } from '../../src/registry/risk.js';

const okAddress = (text: string) => {
  const read = readWebAddress(text);
  if (!read.ok) throw new Error(`refused: ${read.problem}`);
  return read;
};

describe('web addresses: what may be opened', () => {
  it('accepts absolute http and https addresses, in the form the browser will get', () => {
    expect(okAddress('https://example.com').url).toBe('https://example.com/');
    expect(okAddress('HTTP://Example.COM/Path?q=A#B').url).toBe('http://example.com/Path?q=A#B');
    expect(okAddress('http://localhost:3000').url).toBe('http://localhost:3000/');
    expect(okAddress('https://192.168.1.1/admin').host).toBe('192.168.1.1');
  });

  const REFUSED: ReadonlyArray<readonly [string, string, RegExp]> = [
    ['a file', 'file:///etc/passwd', /“file:” address is refused/],
    ['script', 'javascript:alert(document.cookie)', /“javascript:” address is refused/],
    ['script in capitals', 'JavaScript:alert(1)', /“javascript:” address is refused/],
    ['a data page', 'data:text/html;base64,PHNjcmlwdD4=', /“data:” address is refused/],
    ['ftp', 'ftp://example.com/file.txt', /“ftp:” address is refused/],
    ['a custom handler', 'steam://run/570', /“steam:” address is refused/],
    ['mail', 'mailto:a@example.com', /“mailto:” address is refused/],
    ['no scheme', 'example.com', /starts with https:\/\/ or http:\/\//],
    ['a name before the host', 'https://paypal.com@evil.example/', /name before “@”.*“evil\.example”/],
    ['a password before the host', 'https://user:pass@example.com/', /name before “@”/],
    ['spaces', 'https://exa mple.com', /no spaces/],
    ['a line break', 'https://example.com/\nfile:///etc', /invisible or control characters/],
    ['a zero-width space', 'https://pay\u200bpal.com', /invisible or control characters/],
    ['a direction override', 'https://example.com/\u202egpj.exe', /invisible or control characters/],
    ['empty', '', /empty/],
    ['no host', 'https://', /not a web address/],
    ['too long', `https://example.com/${'a'.repeat(WEB_ADDRESS_MAX)}`, /longer than 2048 characters/],
  ];

  it.each(REFUSED)('refuses %s with a sentence: %j', (_why, text, said) => {
    const read = readWebAddress(text);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problem).toMatch(said);
    expect(read.problem).toMatch(/^[A-Z].*[.)]$/);
  });

  it('the schema refuses them too, so an LLM plan gets the sentence back as feedback', () => {
    for (const [, text] of REFUSED) {
      const parsed = Intent.safeParse({ intent: 'open_url', url: text });
      expect(parsed.success, text).toBe(false);
    }
    const result = validatePlannerOutput(JSON.stringify({ plan: { intent: 'open_url', url: 'file:///home' } }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(JSON.stringify(result)).toContain('“file:” address is refused');
  });
});

describe('web addresses: how they are shown', () => {
  it('a long address is shown in full in the plan and in the confirmation, never shortened', () => {
    const path = Array.from({ length: 60 }, (_, i) => `segment-${i}`).join('/');
    const url = `https://example.com/${path}?utm_source=a&next=https%3A%2F%2Fevil.example`;
    const intent = { intent: 'open_url', url } as const;
    expect(Intent.safeParse(intent).success).toBe(true);
    const said = describeIntent(intent);
    expect(said).toContain(url);
    expect(said).not.toContain('…');
    expect(said).toBe(`Open ${url} in the default browser.`);
    const inSequence = describeIntent({ intent: 'sequence', steps: [intent, { intent: 'press_key', key: 'enter' }] });
    expect(inSequence).toContain(url);
  });

  it('an internationalized host is shown as written and as the browser reaches it', () => {
    const read = okAddress('https://münchen.de/stadtplan');
    expect(read.url).toBe('https://xn--mnchen-3ya.de/stadtplan');
    expect(read.imitates).toBeUndefined();
    expect(showWebAddress(read)).toBe('https://xn--mnchen-3ya.de/stadtplan (münchen.de)');
    expect(okAddress('https://пример.рф').imitates).toBeUndefined();
  });

  it('a host of look-alike letters says which site it imitates, in the plan and in the risk reason', () => {
    const read = okAddress('https://аpple.com/login'); // a Cyrillic "а"
    expect(read.url).toBe('https://xn--pple-43d.com/login');
    expect(read.imitates).toBe('apple.com');
    const intent = { intent: 'open_url', url: 'https://аpple.com/login' } as const;
    const parsed = Intent.parse(intent);
    expect(describeIntent(parsed)).toContain('looks like “apple.com” but is another site');
    const risk = classifyRisk(parsed);
    expect(risk.level).toBe('moderate');
    expect(risk.reason).toContain('looks like “apple.com” but is another site');
    // Full-width letters are the same site to the browser: nothing to warn about.
    expect(okAddress('https://ｅｘａｍｐｌｅ.com').url).toBe('https://example.com/');
    expect(okAddress('https://ｅｘａｍｐｌｅ.com').imitates).toBeUndefined();
  });

  it('is moderate: it asks unless the user turned moderate questions off, and always after the screen was read', () => {
    const risk = classifyRisk({ intent: 'open_url', url: 'https://example.com/' });
    expect(risk).toEqual({ level: 'moderate', reason: "Opening a web page sends you to “example.com”, another party's site." });
    expect(gateDecision(risk.level)).toBe('confirm');
    expect(gateDecision(risk.level, { confirmModerate: false })).toBe('run');
    expect(gateDecision(risk.level, { confirmModerate: false, screenInfluenced: true })).toBe('confirm');
    expect(classifyRisk({ intent: 'list_applications' }).level).toBe('harmless');
  });
});
