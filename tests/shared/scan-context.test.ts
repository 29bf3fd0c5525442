import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../src/eval/corpus.js';
import { CANDIDATES_MAX, CLOSEST_MAX, nameCloseness, scanContext, spanCloseness } from '../../src/shared/scan-context.js';
import { rankTargets, type RankElement } from '../../src/shared/scan-ranking.js';

// The corpus' recorded form (eval/corpus/screens/form.json), its elements the overlay numbers (not the static text), in reading order:
// 2 First name, 3 Last name, 4 Email, 5 Phone, 6 Password, 7 Country, 8–9 check boxes, 10 Cancel, 11 Clear form, 12 Submit.
const form: RankElement[] = loadCorpus(fileURLToPath(new URL('../../eval/corpus', import.meta.url)))
  .screens.get('form')!
  .elements.filter((e) => e.role !== 'text');

describe('nameCloseness, and spanCloseness (a name inside a longer phrase)', () => {
  it.each([
    [nameCloseness, 'Submit', 'Submit', 1],
    [nameCloseness, 'submit!', 'SUBMIT', 1],
    [nameCloseness, 'Sbumit', 'Submit', 0.66],
    [nameCloseness, 'submit form', 'Submit', 0.76],
    [nameCloseness, 'Canel', 'Cancel', 0.83],
    [nameCloseness, 'Send', 'Cancel', 0.17],
    [nameCloseness, '', 'Cancel', 0],
    [spanCloseness, 'the Submit button', 'Submit', 1],
    [spanCloseness, 'press clear form please', 'Clear form', 1],
    [spanCloseness, 'the sumbit one', 'Submit', 0.66],
    [spanCloseness, 'nothing like it', 'Country', 0.17],
  ])('%o: %j against %j is about %d', (alike, said, name, expected) => {
    expect(alike(said, name)).toBeCloseTo(expected, 1);
  });
});

describe('scanContext: the signals of the moment, in a table', () => {
  it.each([
    { what: 'nothing done yet', input: {}, order: undefined, last: undefined },
    {
      what: 'typed into First name: Last name, then the first button after it',
      input: { last: { kind: 'typed', role: 'text_field', label: 'First name' } },
      order: [3, 10],
      last: undefined,
    },
    {
      what: 'typed into Phone: the password field is next',
      input: { last: { kind: 'typed', role: 'text_field', label: 'phone' } },
      order: [6, 10],
      last: undefined,
    },
    {
      what: 'typed into Password: the combo box is a field too',
      input: { last: { kind: 'typed', role: 'password_field', label: 'Password' } },
      order: [7, 10],
      last: undefined,
    },
    { what: 'clicked Submit: Submit itself', input: { last: { kind: 'clicked', role: 'button', label: 'Submit' } }, order: undefined, last: 12 },
    {
      what: 'an element no longer shown says nothing',
      input: { last: { kind: 'clicked', role: 'button', label: 'Reply' } },
      order: undefined,
      last: undefined,
    },
    { what: '"click sumbit" found nothing: Submit closest', input: { missed: 'sumbit' }, order: [12], last: undefined },
    { what: '"click name" found nothing: the names with "name", the shorter (more alike) first', input: { missed: 'name' }, order: [3, 2], last: undefined },
    { what: '"click zebra" found nothing: nothing close', input: { missed: 'zebra' }, order: undefined, last: undefined },
    {
      what: 'a miss and a field typed into: the closest names first, then the neighbours',
      input: { missed: 'cancle', last: { kind: 'typed', role: 'text_field', label: 'Email' } },
      order: [10, 5],
      last: undefined,
    },
  ] as const)('$what', ({ input, order, last }) => {
    const context = scanContext(form, input);
    expect(context.plannerOrder).toEqual(order);
    expect(context.lastTargetId).toBe(last);
  });

  it('keeps at most the closest few names of a miss', () => {
    const many: RankElement[] = Array.from({ length: 8 }, (_, i) => ({ id: i + 1, role: 'button', label: `Save ${i + 1}` }));
    expect(scanContext(many, { missed: 'save' }).plannerOrder).toHaveLength(CLOSEST_MAX);
  });

  it('fed to rankTargets, puts the next field and the submit button first after typing, the screen order after', () => {
    const ranked = rankTargets(form, scanContext(form, { last: { kind: 'typed', role: 'text_field', label: 'Email' } }));
    expect(ranked.slice(0, 2).map((r) => r.id)).toEqual([5, 10]);
  });
});

describe('scanContext: what a command left to choose comes first', () => {
  it.each([
    { what: 'the engine’s matches, by role and name', input: { candidates: [{ role: 'button', label: 'Submit' }] }, order: [12] },
    { what: 'a planner’s option, by its words', input: { candidates: [{ label: 'the Cancel button' }] }, order: [10] },
    { what: 'options in the planner’s order', input: { candidates: [{ label: 'Submit' }, { label: 'Clear form' }] }, order: [12, 11] },
    { what: 'before the closest names of a miss', input: { candidates: [{ label: 'Clear form' }], missed: 'sumbit' }, order: [11, 12] },
    { what: 'a role that does not match is no match', input: { candidates: [{ role: 'link', label: 'Submit' }] }, order: undefined },
    { what: 'an option naming nothing on the screen orders nothing', input: { candidates: [{ label: 'Delete all' }] }, order: undefined },
  ] as const)('$what', ({ input, order }) => {
    expect(scanContext(form, input).plannerOrder).toEqual(order);
  });

  it('every element of a name the engine found twice, and at most a few in all', () => {
    const twice: RankElement[] = [...form, { id: 13, role: 'button', label: 'Submit' }];
    expect(scanContext(twice, { candidates: [{ role: 'button', label: 'Submit' }] }).plannerOrder).toEqual([12, 13]);
    const many: RankElement[] = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, role: 'button', label: 'Save' }));
    expect(scanContext(many, { candidates: [{ role: 'button', label: 'Save' }] }).plannerOrder).toHaveLength(CANDIDATES_MAX);
  });

  it('ranks a candidate first, and only ranks: every element stays, and probabilities still sum to 1', () => {
    const ranked = rankTargets(form, scanContext(form, { candidates: [{ label: 'Clear form' }] }));
    expect(ranked[0]?.id).toBe(11);
    expect(ranked.map((r) => r.id).sort((a, b) => a - b)).toEqual(form.map((e) => e.id).sort((a, b) => a - b));
    expect(ranked.reduce((sum, r) => sum + r.p, 0)).toBeCloseTo(1, 9);
  });
});
