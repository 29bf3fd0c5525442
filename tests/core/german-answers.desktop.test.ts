// German end to end on the real core (issue #32 item 6): with the language set to German, a German
// command reaches the loop fixture's "Delete everything", the confirmation is said in the German
// frame, an ambient "ja" heard by the microphone is not enough for it (told in German, nothing
// happens, read back through AT-SPI), "bestätigen" confirms it, and the click really runs once.
// Spoken feedback runs espeak-ng for real with its German voice, into a file; the lines are kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettingsStore, defaultSettings } from '../../src/config/settings.js';
import type { PanelSession } from '../../src/core/panel-session.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { createSpokenFeedback, type SpokenFeedback } from '../../src/voice/spoken-feedback.js';
import { desktopSkipReason, until } from '../support/desktop.js';
import { openLoopFixture, type LoopFixture } from '../support/loop-fixture.js';
import { startTestCore } from '../support/panel-core.js';
import { closePorts } from '../support/port-link.js';

const skip = desktopSkipReason();

describe.skipIf(skip !== '')('German on the real core, loop and desktop', { timeout: 60_000 }, () => {
  let fixture: LoopFixture;
  let session: PanelSession;
  let dir = '';
  const events: AssistantEvent[] = [];
  const spoken: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ac-german-'));
    fixture = await openLoopFixture();
    const base = defaultSettings();
    await createSettingsStore({ dir }).save({
      ...base,
      onboardingDone: true,
      language: 'de',
      spokenFeedback: { ...base.spokenFeedback, enabled: true, rate: 450 },
    });
    const voice = createSpokenFeedback({ enabled: true, rate: 450, wavPath: join(dir, 'spoken.wav') });
    const feedback: SpokenFeedback = { ...voice, speak: (text, options) => (spoken.push(text), voice.speak(text, options)) };
    session = await startTestCore({ fixture, dir, push: (event) => events.push(event as AssistantEvent), feedback });
  }, 60_000);

  afterAll(async () => {
    closePorts();
    await fixture?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a German command asks in German; a spoken „ja“ is not enough for what cannot be undone; „bestätigen“ does it, once', async () => {
    const deleted = await fixture.counter('Deleted: ');
    const run = session.handle('command:run', ['klicke auf Delete everything', 'typed', Date.now()]);
    const question = await until('the confirmation to be asked', async () => events.find((e) => e.type === 'confirmation_request'));
    expect(question).toMatchObject({ risk: { level: 'destructive' } });
    await until('the question to be said', async () => (spoken.some((l) => l.startsWith('Soll ich das tun?')) ? true : undefined));
    expect(spoken.find((l) => l.startsWith('Soll ich das tun?'))).toMatch(
      /Das lässt sich nicht rückgängig machen: sag bestätigen, um es zu tun, oder nein zum Abbrechen\.$/,
    );

    // An ambient "ja" (a video, someone in the room): told in German what to say, and nothing happens.
    const ja = await session.handle('command:run', ['Ja.', 'spoken', Date.now()]);
    expect(ja).toEqual({
      outcome: 'needs_user',
      message:
        'Ich habe “Ja.” gehört, das reicht hier nicht: es lässt sich nicht rückgängig machen. Um es zu tun, sag „bestätigen“ oder „ja, delete“; zum Abbrechen sag „nein“. Click “Delete everything”.',
    });
    expect(await fixture.counter('Deleted: ')).toBe(deleted);

    await session.handle('command:run', ['Bestätigen.', 'spoken', Date.now()]);
    await expect(run).resolves.toMatchObject({ outcome: 'done' });
    await until('the delete to count once', async () => ((await fixture.counter('Deleted: ')) === deleted + 1 ? true : undefined));
    await until('the result to be said', async () => (spoken.at(-1)?.startsWith('Erledigt: ') ? true : undefined));
    // Said back: the question, what „ja“ was told, then the answer and the result.
    expect(spoken.slice(-3)).toEqual([ja.message, 'Bestätigt.', 'Erledigt: Clicked “Delete everything”.']);
  });
});
