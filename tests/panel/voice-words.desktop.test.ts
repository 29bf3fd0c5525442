// Words said, not typed (issue #31): "take it back", "slower", "faster", "show the panel" and "forget my choices" each
// spoken through the voice bench (tests/panel/voice-panel-harness.ts): the fake microphone plays its
// recording, the loopback transcription server checks the audio is that recording and answers with
// the words of the row, and the panel routes them as spoken (routeAnswer's 'spoken' channel) on the
// real core, loop and desktop. Each row says what must follow; every one ends with the panel idle.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { desktopSkipReason, until } from '../support/desktop.js';
import { isTheRecording } from '../support/voice-audio-match.js';
import { openVoicePanel, type VoicePanel } from './voice-panel-harness.js';

const skip = desktopSkipReason();
if (skip) console.log(`[spoken words] skipped: ${skip}`);

interface Row {
  readonly said: string;
  /** What the user did before saying it (typed), when the words act on something. */
  readonly before?: (v: VoicePanel) => Promise<void>;
  /** Whether the panel answers the words itself (the scan's speed): nothing crosses to the core then. */
  readonly panelOnly?: boolean;
  /** What must follow, read back from the panel, the desktop or the saved settings. */
  readonly then: (v: VoicePanel) => Promise<void>;
}

/** Whether the fixture's window is maximised, as the window manager says. */
const maximised = async (v: VoicePanel): Promise<boolean | undefined> =>
  (await v.fixture.bridge.listWindows()).windows.find((w) => w.title === 'Loop Fixture')?.maximized;

const typed = async (v: VoicePanel, command: string): Promise<void> => {
  const input = v.page().getByRole('textbox', { name: 'Command' });
  await input.fill(command);
  await input.press('Enter');
};

const announced = (v: VoicePanel) => v.page().getByTestId('announcer').textContent();

const ROWS: readonly Row[] = [
  {
    said: 'take it back',
    before: async (v) => {
      await typed(v, 'maximise the window Loop Fixture');
      await expect.poll(async () => (await v.entries().allTextContents()).at(-1), { timeout: 20_000 }).toBe('Result: Maximised “Loop Fixture”.');
      expect(await maximised(v)).toBe(true);
      // The panel offers it: the result of a recorded change.
      await expect.poll(() => v.page().getByRole('button', { name: 'Take it back' }).isVisible(), { timeout: 10_000 }).toBe(true);
      await until('the typed command answered', async () =>
        v.panel.crossings.some((c) => c.args[0] === 'maximise the window Loop Fixture') ? true : undefined,
      );
    },
    then: async (v) => {
      await expect
        .poll(async () => (await v.entries().allTextContents()).at(-1), { timeout: 20_000 })
        .toBe('Result: Took it back: “Loop Fixture” is back where it was, at the size it had.');
      expect(await maximised(v)).toBe(false);
    },
  },
  {
    said: 'slower',
    panelOnly: true,
    then: async (v) => {
      await expect.poll(() => announced(v), { timeout: 20_000 }).toMatch(/^The scan is slower now: every \d+(\.\d+)? s, saved\.$/);
    },
  },
  {
    said: 'faster',
    panelOnly: true,
    then: async (v) => {
      await expect.poll(() => announced(v), { timeout: 20_000 }).toMatch(/^The scan is faster now: every \d+(\.\d+)? s, saved\.$/);
    },
  },
  {
    said: 'show the panel',
    then: async (v) => {
      // The core answers the words itself, never a planner, and asks the shell to show the panel.
      await expect.poll(() => announced(v), { timeout: 20_000 }).toBe('The panel is shown.');
      const crossing = v.panel.crossings.findLast((c) => c.channel === 'command:run');
      expect(crossing?.reply).toMatchObject({ outcome: 'done', message: 'The panel is shown.', showPanel: true });
    },
  },
  {
    said: 'forget my choices',
    then: async (v) => {
      // Read by the loop before any planner or the user's commands ("forget ‹name›"); nothing kept here, so nothing to ask.
      await expect
        .poll(async () => (await v.entries().allTextContents()).at(-1), { timeout: 20_000 })
        .toBe('Result: No choices of yours are kept in every app: the scan offers the numbers in their order on the screen.');
    },
  },
];

describe.skipIf(skip !== '')('words said through the microphone, on the real core, loop and desktop', { timeout: 90_000 }, () => {
  let v: VoicePanel;

  beforeAll(async () => {
    v = await openVoicePanel();
  }, 60_000);

  afterEach(async () => {
    await v?.backToIdle();
  });

  afterAll(async () => {
    await v?.close();
  });

  it.each(ROWS.map((row) => [row.said, row] as const))('“%s”, said', async (said, row) => {
    // Said words run at once (no review step), whatever the tests before left.
    await v.voiceSettings({ review: false });
    await row.before?.(v);
    const heard = v.heard.length;
    const runs = v.panel.crossings.filter((c) => c.channel === 'command:run').length;
    v.scenario.answer = said;
    await v.speak();
    await row.then(v);
    // The words came from the microphone: the server heard the recording once and answered with them.
    expect(v.heard.length).toBe(heard + 1);
    const last = v.heard.at(-1)!;
    expect(last.match && isTheRecording(last.match), JSON.stringify(last)).toBe(true);
    expect(v.panel.crossings.findLast((c) => c.channel === 'voice:transcribe')?.reply).toMatchObject({ ok: true, text: said });
    // Sent on the spoken channel, or (the scan's speed) answered by the panel with nothing sent.
    const sent = v.panel.crossings.filter((c) => c.channel === 'command:run').slice(runs);
    if (row.panelOnly) expect(sent).toEqual([]);
    else expect(sent.map((c) => c.args.slice(0, 2))).toEqual([[said, 'spoken']]);
    await expect.poll(() => v.status().textContent()).toBe('Status: Ready');
  });
});
