// Spoken feedback on the loop's events: which events are read aloud and which interrupt, and the
// settings' on/off and rate applied at each event, through the real espeak-ng (into a WAV file: the
// test machine has no speakers).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { speakEvents, spokenLineFor } from '../../src/core/voice-feedback.js';
import { readConfirmationAnswer } from '../../src/shared/answer-words.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { decodeWav } from '../../src/voice/audio.js';
import { createSpokenFeedback, type SpeakOutcome, type SpokenFeedback } from '../../src/voice/spoken-feedback.js';
import { platformSynth, type Synth } from '../../src/voice/speech-synth.js';

const risk = { level: 'destructive', reason: 'It deletes things.' } as const;

describe('what is read aloud', () => {
  it('results, questions, confirmation requests and problems; questions and problems interrupt', () => {
    expect(spokenLineFor({ type: 'action_result', ok: true, message: 'Clicked “Send”.' })).toEqual({ text: 'Clicked “Send”.', interrupt: false });
    expect(spokenLineFor({ type: 'action_result', ok: false, message: 'No button “Sned”.' })).toEqual({ text: 'No button “Sned”.', interrupt: true });
    expect(spokenLineFor({ type: 'clarification', question: 'Which one?', options: ['Send', 'Save'] })).toEqual({
      text: 'Which one? Send, or Save?',
      interrupt: true,
    });
    expect(spokenLineFor({ type: 'confirmation_request', id: 'q1', summary: 'Click “Delete everything”.', risk })).toEqual({
      text: 'Click “Delete everything”. This cannot be undone: say confirm to do it, or no to cancel.',
      interrupt: true,
    });
    expect(
      spokenLineFor({ type: 'confirmation_request', id: 'q1', summary: 'Click “Archive”.', risk: { level: 'moderate', reason: 'It archives.' } })?.text,
    ).toBe('Click “Archive”. Say yes to do it, or no to cancel.');
    // With the target outlined (issue #31), the line says so, by its name, or that a point is marked.
    const target = { kind: 'element', label: 'Delete everything', x: 10, y: 20, width: 100, height: 30 } as const;
    expect(spokenLineFor({ type: 'confirmation_request', id: 'q1', summary: 'Click “Delete everything”.', risk, target })?.text).toBe(
      'Click “Delete everything”. “Delete everything” is outlined on the screen. This cannot be undone: say confirm to do it, or no to cancel.',
    );
    expect(
      spokenLineFor({
        type: 'confirmation_request',
        id: 'q1',
        summary: 'Click at 640, 400.',
        risk: { level: 'moderate', reason: 'A click there.' },
        target: { kind: 'point', label: 'the point 640, 400', x: 640, y: 400 },
      })?.text,
    ).toBe('Click at 640, 400. The point is marked on the screen. Say yes to do it, or no to cancel.');
    expect(readConfirmationAnswer(spokenLineFor({ type: 'confirmation_request', id: 'q1', summary: 'Click “Yes”.', risk, target })!.text)).toBeUndefined();
    // The prompt read back by a microphone is no answer to itself (the strict rule of src/shared/answer-words.ts).
    expect(
      readConfirmationAnswer(spokenLineFor({ type: 'confirmation_request', id: 'q1', summary: 'Click “Delete everything”.', risk })!.text),
    ).toBeUndefined();
    expect(spokenLineFor({ type: 'error', code: 'planner', message: 'The planner is offline.', retryable: true })).toEqual({
      text: 'The planner is offline.',
      interrupt: true,
    });
    // Answers (issue #15): a text that answers nothing is said at once; "Confirmed." waits its turn.
    expect(spokenLineFor({ type: 'answer', to: 'confirmation', answer: 'not_an_answer', message: 'Say “yes” or “no”.' })).toEqual({
      text: 'Say “yes” or “no”.',
      interrupt: true,
    });
    expect(spokenLineFor({ type: 'answer', to: 'confirmation', answer: 'confirmed', message: 'Confirmed.' })).toEqual({ text: 'Confirmed.', interrupt: false });
    expect(spokenLineFor({ type: 'command_guide', guide: { scope: 'running', groups: [{ title: 'Stop it', examples: ['stop'], alsoSaid: [] }] } })).toEqual({
      text: 'A command is running: you can stop it. Stop it: stop.',
      interrupt: true,
    });
    for (const quiet of [
      { type: 'status', status: 'planning' },
      { type: 'done', outcome: 'done', message: 'Done.' },
      { type: 'observation', summary: 'x', elements: 3 },
      // A long run's steps are shown, not said (issue #32).
      { type: 'progress', step: 4, total: 30, doing: 'Click “Increment”.', paused: false },
    ] as AssistantEvent[]) {
      expect(spokenLineFor(quiet)).toBeUndefined();
    }
    expect(spokenLineFor({ type: 'progress', step: 11, total: 30, doing: 'Click “Increment”.', paused: true })).toEqual({
      text: 'Paused before step 11 of 30. Say go on to continue, or stop.',
      interrupt: true,
    });
  });
});

describe('what is read aloud in German (issue #32 item 6): the frame is German, what the screen and the engine say is as it is', () => {
  const target = { kind: 'element', label: 'Alle löschen', x: 10, y: 20, width: 100, height: 30 } as const;
  const lines: ReadonlyArray<readonly [AssistantEvent, string]> = [
    [{ type: 'action_result', ok: true, message: 'Clicked “Senden”.' }, 'Erledigt: Clicked “Senden”.'],
    [{ type: 'action_result', ok: false, message: 'No button “Sned”.' }, 'Das hat nicht geklappt: No button “Sned”.'],
    [{ type: 'clarification', question: 'Which one?', options: ['Senden', 'Speichern'] }, 'Which one? Senden, oder Speichern?'],
    [
      { type: 'confirmation_request', id: 'q1', summary: 'Click “Archivieren”.', risk: { level: 'moderate', reason: 'It archives.' } },
      'Soll ich das tun? Click “Archivieren”. Sag ja oder nein.',
    ],
    [
      { type: 'confirmation_request', id: 'q1', summary: 'Click “Alle löschen”.', risk, target },
      'Soll ich das tun? Click “Alle löschen”. „Alle löschen“ ist auf dem Bildschirm umrandet. Das lässt sich nicht rückgängig machen: sag bestätigen, um es zu tun, oder nein zum Abbrechen.',
    ],
    [
      { type: 'error', code: 'no_planner', message: 'The offline grammar did not understand “frobnicate”.', retryable: false },
      'Ich habe das nicht verstanden. Sag „was kann ich sagen“, um die Befehle zu hören.',
    ],
    [{ type: 'error', code: 'planner', message: 'The planner is offline.', retryable: true }, 'Ein Problem: The planner is offline.'],
    [
      { type: 'progress', step: 11, total: 30, doing: 'Click “Increment”.', paused: true },
      'Angehalten vor Schritt 11 von 30. Sag weiter, um fortzufahren, oder stopp.',
    ],
    [{ type: 'mode', mode: 'dictation', message: 'Dictation is on.' }, expect.stringMatching(/^Diktieren ist an: /) as unknown as string],
    // The dialogue's answers arrive in the user's language already.
    [{ type: 'answer', to: 'confirmation', answer: 'confirmed', message: 'Bestätigt.' }, 'Bestätigt.'],
  ];
  it.each(lines)('%j', (event, text) => {
    expect(spokenLineFor(event, 'de')?.text).toEqual(text);
    // English is as it was.
    expect(spokenLineFor(event, 'en')?.text).toEqual(spokenLineFor(event)?.text);
  });

  it('the German question, heard back by the microphone, answers nothing in either language', () => {
    for (const [event, text] of lines.filter(([e]) => e.type === 'confirmation_request')) {
      const line = spokenLineFor(event, 'de')?.text ?? '';
      expect(line).toBe(text);
      for (const language of ['de', 'en'] as const) expect(readConfirmationAnswer(line, language), line).toBeUndefined();
    }
  });
});

/** The outcome of every line `feedback` is asked to speak, in order. */
function outcomesOf(feedback: SpokenFeedback): Promise<SpeakOutcome>[] {
  const outcomes: Promise<SpeakOutcome>[] = [];
  const speak = feedback.speak.bind(feedback);
  feedback.speak = (text, options) => {
    const o = speak(text, options);
    outcomes.push(o);
    return o;
  };
  return outcomes;
}

describe.runIf(process.platform === 'linux')('read aloud through espeak-ng, following the settings', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ac-voice-feedback-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('speaks a result when on, at the set rate, and nothing when off', async () => {
    const wav = join(dir, 'said.wav');
    const feedback = createSpokenFeedback({ enabled: false, rate: 175, wavPath: wav });
    const outcomes = outcomesOf(feedback);
    const settings = { enabled: false, rate: 175 };
    const onEvent = speakEvents(feedback, () => settings);
    const result: AssistantEvent = { type: 'action_result', ok: true, message: 'Clicked the Increment button in the loop fixture.' };

    onEvent(result);
    expect(outcomes).toEqual([]);
    expect(existsSync(wav)).toBe(false);

    settings.enabled = true;
    onEvent(result);
    expect(await outcomes[0]).toBe('spoken');
    const normal = decodeWav(readFileSync(wav));
    const normalSeconds = normal.samples.length / normal.sampleRate;
    expect(normalSeconds).toBeGreaterThan(1);

    settings.rate = 400;
    onEvent(result);
    expect(await outcomes[1]).toBe('spoken');
    const fast = decodeWav(readFileSync(wav));
    expect(fast.samples.length / fast.sampleRate).toBeLessThan(normalSeconds * 0.7);
  });

  it('with German set, espeak-ng is run with its German voice (-v de) and says the German frame', async () => {
    const wav = join(dir, 'de.wav');
    const linux = platformSynth('linux');
    const runs: { text: string; args: readonly string[] }[] = [];
    const synth: Synth = {
      ...linux,
      synthCommand: (text, rate, path, language) => {
        const cmd = linux.synthCommand(text, rate, path, language);
        runs.push({ text, args: cmd.args });
        return cmd;
      },
    };
    const feedback = createSpokenFeedback({ enabled: true, rate: 175, wavPath: wav, synth });
    const said = outcomesOf(feedback);
    speakEvents(
      feedback,
      () => ({ enabled: true, rate: 175 }),
      () => 'de',
    )({ type: 'action_result', ok: true, message: 'Clicked “Löschen”.' });
    expect(await said[0]).toBe('spoken');
    expect(runs).toEqual([{ text: 'Erledigt: Clicked “Löschen”.', args: ['-v', 'de', '-s', '175', '-w', wav, '--stdin'] }]);
    expect(decodeWav(readFileSync(wav)).samples.length).toBeGreaterThan(0);
  });
});
