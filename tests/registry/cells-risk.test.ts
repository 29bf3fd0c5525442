// The gate and spreadsheet cells (issue #14): moving the selection is harmless, the Enter that
// commits a cell asks nothing on Calc's sheet, and Enter on a button is judged as before.
import { describe, expect, it } from 'vitest';
import { Intent } from '../../src/intent/schema.js';
import { classifyRisk } from '../../src/registry/risk.js';
import { liveGate } from '../../src/registry/dispatch.js';

const enter = Intent.parse({ intent: 'press_key', key: 'enter' });

describe('risk of spreadsheet cells', () => {
  it('go_to_cell is harmless, with or without the live address box', () => {
    const go = Intent.parse({ intent: 'go_to_cell', cell: 'A1:C5', app: 'LibreOffice Calc' });
    expect(classifyRisk(go).level).toBe('harmless');
    expect(classifyRisk(go, { element: { role: 'text_field', name: '' } }).level).toBe('harmless');
  });

  it("go_to_cell aimed at the assistant's own window is blocked", () => {
    const go = Intent.parse({ intent: 'go_to_cell', cell: 'B3' });
    expect(classifyRisk(go, { element: { role: 'text_field', name: '', own: true } }).level).toBe('blocked');
  });

  it('"put 42 in B3" plans harmless, and its Enter runs on Calc\'s sheet or the cell being edited', () => {
    const fill = Intent.parse({
      intent: 'sequence',
      steps: [
        { intent: 'go_to_cell', cell: 'B3' },
        { intent: 'type_text', text: '42' },
        { intent: 'press_key', key: 'enter' },
      ],
    });
    expect(classifyRisk(fill).level).toBe('harmless');
    // What Calc reports as focused while a cell is edited: its sheet, and the paragraph in "Cell B3".
    expect(liveGate(enter, 'harmless')({ focused: { role: 'table', name: 'Sheet Sheet1' } })).toBeUndefined();
    expect(liveGate(enter, 'harmless')({ focused: { role: 'text', name: '' } })).toBeUndefined();
  });

  it('Enter on a focused Delete button still asks, and on unread focus too', () => {
    expect(classifyRisk(enter, { focused: { role: 'button', name: 'Delete' } }).level).toBe('destructive');
    expect(classifyRisk(enter, { focused: { unread: true } }).level).toBe('destructive');
    expect(liveGate(enter, 'harmless')({ focused: { role: 'button', name: 'Delete' } })).toMatchObject({ kind: 'needs_confirmation', level: 'destructive' });
  });
});
