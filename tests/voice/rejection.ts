/** The SpeechError a promise rejects with (the test fails when it resolves or rejects otherwise). */
import { expect } from 'vitest';
import { SpeechError } from '../../src/voice/speech-error.js';

export async function rejection(p: Promise<unknown>): Promise<SpeechError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(SpeechError);
  return e as SpeechError;
}
