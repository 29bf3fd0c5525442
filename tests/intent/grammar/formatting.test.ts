// The formatting rule on its own: the shortcut for the platform, the app it goes to, and the line
// between "not formatting at all" (null: other rules read it) and "formatting the grammar cannot
// place" (a reason). The phrase tables through the whole grammar are in
// tests/intent/grammar-formatting.test.ts.
import { describe, expect, it } from 'vitest';
import { matchFormatting } from '../../../src/intent/grammar/formatting.js';
import { tokenize } from '../../../src/intent/grammar/tokens.js';

function match(command: string, platform?: 'macos' | 'linux' | 'windows') {
  const r = tokenize(command);
  if (!r.ok) throw new Error(r.reason);
  return matchFormatting(r.tokens, platform);
}
const press = (key: string, modifier: 'cmd' | 'ctrl', app?: string) => ({
  ok: true,
  value: { intent: 'press_key', key, modifiers: [modifier], ...(app === undefined ? {} : { app }) },
});

describe('matchFormatting', () => {
  it('presses the shortcut with ⌘ on macOS or when the platform is not known, Ctrl on Linux and Windows', () => {
    expect(match('bold that')).toEqual(press('b', 'cmd'));
    expect(match('bold that', 'macos')).toEqual(press('b', 'cmd'));
    expect(match('italicize the selection', 'linux')).toEqual(press('i', 'ctrl'));
    expect(match('make it underlined', 'windows')).toEqual(press('u', 'ctrl'));
  });

  it('sends it to the app named after "in"', () => {
    expect(match('bold that in LibreOffice Writer', 'linux')).toEqual(press('b', 'ctrl', 'LibreOffice Writer'));
    expect(match('make the selection italic in "TextEdit"')).toEqual(press('i', 'cmd', 'TextEdit'));
  });

  it('gives a formatting verb it cannot place a reason that says what to do', () => {
    expect(match('bold the word fox')).toEqual({ ok: false, reason: 'bold what? select the text, then say "bold that"' });
    expect(match('Underline')).toEqual({ ok: false, reason: 'underline what? select the text, then say "underline that"' });
    expect(match('bold "fox"')).toEqual({ ok: false, reason: 'formatting a named text is not understood; select it, then say "bold that"' });
  });

  it('reports a bad app name after a formatting verb as the app name’s problem', () => {
    const r = match('bold that in 5 seconds');
    expect(r?.ok).toBe(false);
    expect(r && !r.ok && r.reason).toBe('"seconds" does not belong in an application name');
  });

  it('leaves "make …" that is no formatting to the other rules', () => {
    for (const command of ['make dinner', 'make it so', 'make "that" bold', 'make that bold in 5 seconds', 'make bold'])
      expect(match(command), command).toBeNull();
  });

  it('leaves other verbs and quoted first words to the other rules', () => {
    for (const command of ['click Bold', '"bold" that', 'open Writer', '']) expect(match(command), command).toBeNull();
  });
});
