// The gate and window commands (issue #32 item 1): arranging windows is harmless, closing one is
// moderate, and destructive when its title marks unsaved work; the assistant's own windows are
// never acted on; the schema wants a title to switch to.
import { describe, expect, it } from 'vitest';
import { Intent } from '../../src/intent/schema.js';
import { classifyRisk } from '../../src/registry/risk.js';
import { titleMarksUnsaved, WINDOW_ACTIONS } from '../../src/shared/window-actions.js';

const command = (action: string, title?: string) => Intent.parse({ intent: 'window_command', action, ...(title ? { title } : {}) });

describe('risk of window commands', () => {
  it('every command but close is harmless', () => {
    for (const action of WINDOW_ACTIONS.filter((a) => a !== 'close')) {
      const intent = command(action, action === 'switch_to' ? 'Budget' : undefined);
      expect([action, classifyRisk(intent, { element: { role: 'window', name: 'Budget' } }).level]).toEqual([action, 'harmless']);
    }
  });

  it('closing is moderate, destructive when the live title marks unsaved work', () => {
    expect(classifyRisk(command('close'), { element: { role: 'window', name: 'notes.txt - gedit' } }).level).toBe('moderate');
    const unsaved = classifyRisk(command('close'), { element: { role: 'window', name: '*notes.txt - gedit' } });
    expect(unsaved.level).toBe('destructive');
    expect(unsaved.reason).toBe('The window “*notes.txt - gedit” shows unsaved work, which closing it may lose.');
    expect(classifyRisk(command('close', '● main.ts — Code')).level).toBe('destructive');
  });

  it("a command aimed at the assistant's own window is blocked", () => {
    expect(classifyRisk(command('maximize'), { element: { role: 'window', name: 'Assistive Control', own: true } }).level).toBe('blocked');
  });

  it('reads the marks editors put in their titles', () => {
    for (const t of ['*notes.txt - gedit', 'notes.txt* - Mousepad', '● main.ts — Code', 'report.odt*', 'gedit - *notes.txt'])
      expect([t, titleMarksUnsaved(t)]).toEqual([t, true]);
    for (const t of ['notes.txt - gedit', 'C*-algebras.pdf', 'Budget', '']) expect([t, titleMarksUnsaved(t)]).toEqual([t, false]);
  });

  it('switch_to needs a title', () => {
    expect(Intent.safeParse({ intent: 'window_command', action: 'switch_to' }).success).toBe(false);
    expect(Intent.safeParse({ intent: 'window_command', action: 'maximise' }).success).toBe(false);
  });
});
