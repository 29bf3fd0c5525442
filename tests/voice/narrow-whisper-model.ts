/**
 * A whisper.cpp test model of one layer, 64 wide: whisper.cpp's own test model
 * (tests/fixtures/voice/for-tests-ggml-tiny.en.bin, the tiny.en architecture without weights) with
 * its sizes changed in the header. whisper.cpp loads and runs it like the other (the same loader, the
 * same graph, the same decoding loop, no weights either), in 1–2 s a pass where tiny.en's sizes take
 * 25–60 s on two busy cores. For the tests of what the engine does around whisper (loading once, the
 * deadline, cancel, the composer); bench/voice.ts runs tiny.en's sizes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TINY = fileURLToPath(new URL('../fixtures/voice/for-tests-ggml-tiny.en.bin', import.meta.url));

/** The header's eleven numbers after the magic, in whisper.cpp's order (whisper_hparams). */
const HPARAMS = [
  'n_vocab',
  'n_audio_ctx',
  'n_audio_state',
  'n_audio_head',
  'n_audio_layer',
  'n_text_ctx',
  'n_text_state',
  'n_text_head',
  'n_text_layer',
  'n_mels',
  'ftype',
];
const NARROW: Readonly<Record<string, number>> = { n_audio_state: 64, n_audio_head: 1, n_audio_layer: 1, n_text_state: 64, n_text_head: 1, n_text_layer: 1 };

/** Writes the narrow model into a new temporary folder; returns its path. */
export function narrowWhisperModel(): string {
  const bytes = readFileSync(TINY);
  if (bytes.readUInt32LE(0) !== 0x67676d6c) throw new Error(`${TINY} is not a ggml whisper model`);
  HPARAMS.forEach((name, i) => {
    const size = NARROW[name];
    if (size !== undefined) bytes.writeInt32LE(size, 4 + 4 * i);
  });
  const path = join(mkdtempSync(join(tmpdir(), 'ac-whisper-')), 'for-tests-ggml-narrow.bin');
  writeFileSync(path, bytes);
  return path;
}
