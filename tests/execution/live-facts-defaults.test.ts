// A window with two default buttons (GTK marks a focused button default as well as the dialog's own):
// a field's facts carry both, each with its dialog, and reading them ends.
import { describe, expect, it } from 'vitest';
import { liveFacts } from '../../src/execution/live-facts.js';
import { TerminalLines } from '../../src/execution/engine-parts.js';
import { el, snapshot } from './element-fixtures.js';

describe('live facts with two default buttons', () => {
  it('a field carries both default buttons with their dialog', () => {
    const dialog = el(1, 'dialog', 'Confirm', { parent: 0 });
    const text = el(2, 'text', 'Type the name of the list to confirm.', { parent: 1 });
    const cancel = el(3, 'button', 'Cancel', { parent: 1, states: ['enabled', 'showing', 'focused', 'default'] });
    const destroy = el(4, 'button', 'Delete all parcels', { parent: 1, states: ['enabled', 'showing', 'default'] });
    const field = el(5, 'text_field', 'Name of the list', { parent: 1 });
    const f = liveFacts(field, snapshot([dialog, text, cancel, destroy, field]), new TerminalLines(), () => false);
    expect(f?.defaultButtons?.map((b) => [b.name, b.dialogText])).toEqual([
      ['Cancel', 'Confirm Type the name of the list to confirm.'],
      ['Delete all parcels', 'Confirm Type the name of the list to confirm.'],
    ]);
  });
});
