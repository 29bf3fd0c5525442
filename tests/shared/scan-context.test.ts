import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../src/eval/corpus.js';
import { CLOSEST_MAX, nameCloseness, scanContext } from '../../src/shared/scan-context.js';
import { rankTargets, type RankElement } from '../../src/shared/scan-ranking.js';

// The corpus' recorded form (eval/corpus/screens/form.json), its elements the overlay numbers (not the static text), in reading order:
// 2 First name, 3 Last name, 4 Email, 5 Phone, 6 Password, 7 Country, 8–9 check boxes, 10 Cancel, 11 Clear form, 12 Submit.
const form: RankElement[] = loadCorpus(fileURLToPath(new URL('../../eval/corpus', import.meta.url)))
  .screens.get('form')!
  .elements.filter((e) => e.role !== 'text');

describe('nameCloseness', () => {
  it.each([
    ['Submit', 'Submit', 1],
    ['submit!', 'SUBMIT', 1],
    ['Sbumit', 'Submit', 0.66],
    ['submit form', 'Submit', 0.76],
    ['Canel', 'Cancel', 0.83],
    ['Send', 'Cancel', 0.17],
    ['', 'Cancel', 0],
  ])('%j against %j is about %d', (said, name, alike) => {
    expect(nameCloseness(said, name)).toBeCloseTo(alike, 1);
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
