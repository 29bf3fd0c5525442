// Closing a window with unsaved work (issue #32 item 1), gedit on a private desktop: "close the
// window" asks first; declined, nothing happens. Confirmed, the title's "*" asks again as destructive,
// then the window manager asks gedit to close, gedit shows its own "save changes?" dialog, and the assistant
// reads that dialog back and presses none of its buttons; clicking "Close without Saving" through the
// assistant is destructive and asks again (declined here: the dialog and the words stay).
// A private desktop: this presses keys, which would race the other desktop tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import type { ConfirmAnswer, ConfirmationRequest } from '../../src/agent/loop-types.js';
import { openDesktopEngine } from '../../src/compose/desktop-engine.js';
import type { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { AxSnapshot } from '../../src/execution/accessibility/types.js';
import { desktopSkipReason, stopApps, until } from '../support/desktop.js';
import { startGedit, type GeditSession } from './gedit-session.js';

const skip = desktopSkipReason();
if (skip !== '') console.log(`[gedit-close] skipped: ${skip}`);

const WORDS = 'Notes for Monday, not saved yet';

describe.skipIf(skip !== '')('gedit: closing a window with unsaved work', () => {
  let started: GeditSession;
  let bridge: AxBridge;
  let pid = 0;
  let loop: AssistantLoop;
  const asked: ConfirmationRequest[] = [];
  let answer: ConfirmAnswer = 'declined';

  const snapshot = (): Promise<AxSnapshot> => started.snapshot();
  /** gedit's top-level windows as the window manager lists them. */
  const windows = async () => (await bridge.listWindows()).windows.filter((w) => w.pid === pid);
  /** Runs a command whose questions are answered `answer`; they are in `asked` after. */
  const say = (command: string, answerWith: ConfirmAnswer) => {
    answer = answerWith;
    asked.length = 0;
    return loop.run(command);
  };
  /** The "save changes?" question gedit shows, by its text. */
  const question = async () => (await snapshot()).elements.find((e) => /save changes/i.test(e.name));
  /** The text gedit's document holds, read through AT-SPI. */
  const documentText = async (): Promise<string | null> => {
    const s = await snapshot();
    const area = s.elements.find((e) => e.role === 'text_area');
    return area ? bridge.readValue({ generation: s.generation, id: area.id }) : null;
  };

  beforeAll(async () => {
    started = await startGedit();
    ({ bridge, pid } = started);
    loop = new AssistantLoop({
      engine: openDesktopEngine(process.env),
      emit: () => undefined,
      confirm: async (request) => {
        asked.push(request);
        return answer;
      },
      planner: async () => ({ kind: 'none', message: 'No model in this test: the grammar must understand the command.' }),
    });
  }, 60_000);

  afterAll(async () => {
    await stopApps();
    await started?.session.stop();
  });

  it('unsaved words in the document mark its title', async () => {
    expect(await loop.run(`type "${WORDS}"`)).toMatchObject({ outcome: 'done' });
    expect(await documentText()).toBe(WORDS);
    const marked = await until('the title marked unsaved', async () => (await windows()).find((w) => w.title.startsWith('*')), 10_000);
    console.log(`[gedit-close] title: ${marked.title}`);
  }, 60_000);

  it('"close the window" asks first; declined, the window and its words stay', async () => {
    const result = await say('close the window', 'declined');
    expect(result).toMatchObject({ outcome: 'refused' });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ intent: { intent: 'window_command', action: 'close' } });
    expect(await windows()).toHaveLength(1);
    expect(await question()).toBeUndefined();
    expect(await documentText()).toBe(WORDS);
  }, 60_000);

  it('confirmed: the unsaved title asks again as destructive, then gedit asks its own "save changes?", read back, none of its buttons pressed', async () => {
    const result = await say('close the window', 'confirmed');
    // The plan is moderate; the window's live title ("*…") makes it destructive, asked before acting.
    expect(asked.map((a) => a.risk.level)).toEqual(['moderate', 'destructive']);
    console.log(`[gedit-close] after close: ${result.message.split('\n')[0]}`);
    // The dialog is the answer: what it asks and the buttons it offers, then the app's elements.
    expect(result).toMatchObject({ outcome: 'done' });
    expect(result.message).toMatch(
      /^“\*Untitled Document 1 - gedit” asks before closing: “(?:Question )?Save changes to document “Untitled Document 1” before closing\?/u,
    );
    expect(result.message).toMatch(/Its buttons: .*“Close without Saving”/u);
    expect(result.message).toMatch(/^\d+ button "Close without Saving"/mu);
    // Still asking after the run ended: nothing pressed any of its buttons, and the words are there.
    expect(await question()).toBeDefined();
    expect(await windows()).not.toHaveLength(0);
    expect(await documentText()).toBe(WORDS);
  }, 60_000);

  it('"click Close without Saving" through the assistant is destructive and asks; declined, the dialog and the words stay', async () => {
    const result = await say('click Close without Saving', 'declined');
    expect(result.outcome, result.message).not.toBe('done');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ risk: { level: 'destructive' }, intent: { intent: 'click_element' } });
    console.log(`[gedit-close] asked: ${asked[0]?.summary} (${JSON.stringify(asked[0]?.risk)})`);
    expect(await question()).toBeDefined();
    expect(await documentText()).toBe(WORDS);
  }, 60_000);
});
