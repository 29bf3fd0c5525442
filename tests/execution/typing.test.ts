// type_text (src/execution/typing.ts) on a scripted desktop: a named field gets the text inserted at
// its end, the focused field gets keys at the caret (or an insertion when the layout lacks a key),
// what was typed is read back, and a secure field is refused whatever the gate said.
import { describe, expect, it } from 'vitest';
import type { LiveFacts } from '../../src/execution/engine-types.js';
import { readFocusedText, typeText } from '../../src/execution/typing.js';
import { el } from './element-fixtures.js';
import { fakeDesktop, field, type FakeApp } from './fake-desktop.js';

const EDITOR = 10;

function desktop(app: Partial<FakeApp> = {}, more: { untypable?: RegExp } = {}) {
  return fakeDesktop({ apps: [{ pid: EDITOR, name: 'Notes', elements: [field(1, 'Title', 'Hi'), field(2, 'Body', '')], ...app }], front: EDITOR, ...more });
}

const typedMessage = (r: { kind: string }) => (r.kind === 'success' && 'message' in r ? r.message : JSON.stringify(r));

describe('how the text goes in', () => {
  // [case, focused element, target label, untypable characters, text, how (keys | insert), expected field value]
  const cases: [string, number | undefined, string | undefined, RegExp | undefined, string, 'keys' | 'insert', string][] = [
    ['the focused field: by keys at the caret', 1, undefined, undefined, ' there', 'keys', 'Hi there'],
    ['the focused field, a character without a key: inserted', 1, undefined, /é/, ' café', 'insert', 'Hi café'],
    ['a named field without the focus: inserted at its end', 2, 'Title', undefined, '!', 'insert', 'Hi!'],
  ];
  it.each(cases)('%s', async (_, focus, label, untypable, text, how, value) => {
    const d = desktop(focus === undefined ? {} : { focus }, untypable ? { untypable } : {});
    const r = await typeText(d.parts, text, label ? { label } : undefined, {});
    expect(r.kind).toBe('success');
    expect(d.typed.length > 0).toBe(how === 'keys');
    expect(d.calls.some((c) => c.startsWith('insertText'))).toBe(how === 'insert');
    expect(d.app(EDITOR).elements.find((e) => e.value === value)).toBeDefined();
  });

  it('inserts into a named field at its end, and says where', async () => {
    const d = desktop({ focus: 2 });
    const r = await typeText(d.parts, '!', { label: 'Title' }, {});
    expect(d.calls).toContain('insertText 1 end');
    expect(typedMessage(r)).toContain('inserted at the end of the field');
  });

  it('gives a named field the focus before inserting, so the keys that follow go to it, and reads the focus back', async () => {
    const d = desktop({ focus: 2 });
    const r = await typeText(d.parts, '!', { label: 'Title' }, {});
    const focusAt = d.calls.indexOf('performAction 1 focus');
    expect(focusAt).toBeGreaterThanOrEqual(0);
    expect(focusAt).toBeLessThan(d.calls.indexOf('insertText 1 end'));
    expect(d.app(EDITOR).focus).toBe(1);
    expect(typedMessage(r)).toContain('“Title” has the focus, with the caret after the text.');
  });

  it('says so when the named field does not take the focus', async () => {
    const d = desktop({ focus: 2, elements: [field(1, 'Title', 'Hi', { actions: [] }), field(2, 'Body', '')] });
    const r = await typeText(d.parts, '!', { label: 'Title' }, {});
    expect(r.kind).toBe('success');
    expect(typedMessage(r)).toContain('“Title” did not take the focus, so keys pressed next go elsewhere: click the field first.');
  });

  it('types by keys when the app accepts an insertion and changes nothing', async () => {
    const d = desktop({ focus: 2, ignoresInsert: true }, { untypable: /x/ });
    const r = await typeText(d.parts, 'ok', { label: 'Title' }, {});
    expect(r.kind).toBe('success');
    expect(d.calls).toContain('performAction 1 focus');
    expect(d.typed).toEqual(['ok']);
  });

  it('says the field does not show the text when the keys never arrive', async () => {
    const d = desktop({ focus: 1, dropsKeys: true });
    const r = await typeText(d.parts, 'abc', undefined, {});
    expect(r).toMatchObject({ kind: 'failure', code: 'mismatch' });
  });

  it('cannot type characters without a key into an element that shows no text', async () => {
    const d = desktop({ elements: [el(1, 'list_item', 'Notes')], focus: 1 }, { untypable: /é/ });
    const r = await typeText(d.parts, 'é', { label: 'Notes' }, {});
    expect(r).toMatchObject({ kind: 'failure', code: 'unsupported' });
  });

  it('asks for a field when nothing has the focus and the text has no keys', async () => {
    const d = desktop({}, { untypable: /é/ });
    const r = await typeText(d.parts, 'é', undefined, {});
    expect(r).toMatchObject({ kind: 'failure', code: 'not_found' });
  });
});

describe('what typing refuses', () => {
  it.each([
    ['a password field', el(3, 'password_field', 'Password', { value: '' })],
    ['a field named PIN', field(3, 'PIN')],
  ])('%s, even when the gate lets it through', async (_, secret) => {
    const d = desktop({ elements: [secret], focus: 3 });
    const r = await typeText(d.parts, '1234', undefined, { gate: () => undefined });
    expect(r).toMatchObject({ kind: 'failure', code: 'refused' });
    expect(d.typed).toEqual([]);
    expect(d.calls.some((c) => c.startsWith('insertText'))).toBe(false);
  });

  it('gives the gate the focused field when typing at the caret, the named one otherwise; its answer stops the typing', async () => {
    const seen: LiveFacts[] = [];
    const stop = { kind: 'failure', code: 'refused', reason: 'No.' } as const;
    const d = desktop({ focus: 1 });
    expect(await typeText(d.parts, 'x', undefined, { gate: (f) => (seen.push(f), stop) })).toBe(stop);
    expect(await typeText(d.parts, 'x', { label: 'Body' }, { gate: (f) => (seen.push(f), stop) })).toBe(stop);
    expect(seen.map((f) => Object.keys(f))).toEqual([['focused'], ['element']]);
    expect(seen[0]?.focused?.name).toBe('Title');
    expect(seen[1]?.element?.name).toBe('Body');
    expect(d.typed).toEqual([]);
  });

  it('remembers a line typed into a terminal, so its Enter is judged', async () => {
    const d = desktop({ elements: [el(1, 'terminal', 'Terminal', { value: '$ ' })], focus: 1 });
    await typeText(d.parts, 'rm -rf build', undefined, {});
    expect(d.parts.terminalLines.has(EDITOR)).toBe(true);
  });
});

describe('readFocusedText', () => {
  it.each([
    ['a text field: its text', field(1, 'Body', 'hello'), 'hello'],
    ['a password field: no text', el(1, 'password_field', 'Password', { value: 'secret' }), null],
    ['a terminal: no text', el(1, 'terminal', 'Terminal', { value: '$ ls' }), null],
  ])('%s', async (_, focused, value) => {
    const d = desktop({ elements: [focused], focus: 1 });
    const r = await readFocusedText(d.parts);
    expect(r.ok && r.value?.value).toBe(value);
  });
});
