/**
 * The whisper models: which ones the assistant supports, and getting one onto disk on first use —
 * with progress events, resume after an interruption (HTTP Range), and a SHA-256 check before the
 * file is used.
 *
 * A model is written to `<name>.part` and renamed into place only after its checksum matched, so a
 * file under its final name is always a verified model. An interrupted download keeps its part file
 * and continues from there next time; a part file whose checksum fails is deleted.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SpeechError, cancelledError } from './speech-error.js';

export interface ModelSpec {
  readonly file: string;
  readonly bytes: number;
  readonly sha256: string;
  /** What the user reads in the settings. */
  readonly label: string;
}

/**
 * whisper.cpp's ggml models (the same files whisper.cpp's download script fetches), with the size
 * and SHA-256 their host publishes. English-only models are more accurate for English commands.
 */
export const WHISPER_MODELS = {
  'tiny.en': {
    file: 'ggml-tiny.en.bin',
    bytes: 77_704_715,
    sha256: '921e4cf8686fdd993dcd081a5da5b6c365bfde1162e72b08d75ac75289920b1f',
    label: 'Tiny (English, 75 MB): fastest, least accurate',
  },
  'base.en': {
    file: 'ggml-base.en.bin',
    bytes: 147_964_211,
    sha256: 'a03779c86df3323075f5e796cb2ce5029f00ec8869eee3fdfb897afe36c6d002',
    label: 'Base (English, 142 MB): fast and accurate enough for commands',
  },
  'small.en': {
    file: 'ggml-small.en.bin',
    bytes: 487_614_201,
    sha256: 'c6138d6d58ecc8322097e0f987c32f1be8bb0a18532a3f88f734d1bbf9c41e5d',
    label: 'Small (English, 466 MB): more accurate, slower',
  },
  tiny: {
    file: 'ggml-tiny.bin',
    bytes: 77_691_713,
    sha256: 'be07e048e1e599ad46341c8d2a135645097a538221678b7acdd1b1919c6e1b21',
    label: 'Tiny (many languages, 75 MB)',
  },
  base: {
    file: 'ggml-base.bin',
    bytes: 147_951_465,
    sha256: '60ed5bc3dd14eea856493d334349b405782ddcaf0028d4b5df4088345fba2efe',
    label: 'Base (many languages, 142 MB)',
  },
  small: {
    file: 'ggml-small.bin',
    bytes: 487_601_967,
    sha256: '1be3a9b2063867b937e64e2ec7483364a79917e157fa98c5d94b5c1fffea987b',
    label: 'Small (many languages, 466 MB)',
  },
} as const satisfies Record<string, ModelSpec>;

export type WhisperModelName = keyof typeof WHISPER_MODELS;
/** Where whisper.cpp's models are published. */
export const DEFAULT_MODEL_BASE_URL = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';

export type ModelDownloadEvent =
  | { readonly kind: 'start'; readonly model: string; readonly totalBytes: number; readonly resumedFromBytes: number }
  | { readonly kind: 'progress'; readonly receivedBytes: number; readonly totalBytes: number }
  | { readonly kind: 'verifying' }
  | { readonly kind: 'ready'; readonly path: string };

export interface ModelManagerOptions {
  /** The folder models are kept in (the OS's data folder, chosen by the composer). */
  readonly dir: string;
  readonly baseUrl?: string;
  /** The models this manager knows; WHISPER_MODELS unless a test brings its own. */
  readonly catalog?: Readonly<Record<string, ModelSpec>>;
  readonly fetch?: typeof fetch;
  /** No byte for this long ends the download as interrupted (it resumes next time). */
  readonly stallMs?: number;
}

export interface EnsureOptions {
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: ModelDownloadEvent) => void;
}

export interface ModelManager {
  /** The path of the model when it is on disk and verified, else undefined. */
  installedPath(name: string): string | undefined;
  /** The model's path, downloading (or resuming) it first when needed. */
  ensure(name: string, options?: EnsureOptions): Promise<string>;
}

function percent(n: number, total: number): string {
  return `${Math.floor((100 * n) / Math.max(1, total))}%`;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function createModelManager(options: ModelManagerOptions): ModelManager {
  const catalog: Readonly<Record<string, ModelSpec>> = options.catalog ?? WHISPER_MODELS;
  const baseUrl = (options.baseUrl ?? DEFAULT_MODEL_BASE_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const stallMs = options.stallMs ?? 30_000;

  const specOf = (name: string): ModelSpec => {
    const spec = Object.hasOwn(catalog, name) ? catalog[name] : undefined;
    if (!spec)
      throw new SpeechError(
        'model_missing',
        `There is no speech model called "${name}": choose one of ${Object.keys(catalog).join(', ')} in the voice settings.`,
      );
    return spec;
  };

  const installedPath = (name: string): string | undefined => {
    const spec = specOf(name);
    const path = join(options.dir, spec.file);
    return existsSync(path) && statSync(path).size === spec.bytes ? path : undefined;
  };

  async function download(name: string, spec: ModelSpec, opts: EnsureOptions): Promise<string> {
    const path = join(options.dir, spec.file);
    const part = `${path}.part`;
    try {
      mkdirSync(options.dir, { recursive: true });
    } catch {
      throw new SpeechError(
        'disk',
        `The folder for speech models (${options.dir}) cannot be created: check that the disk is not full and that you may write there.`,
      );
    }
    let have = existsSync(part) ? statSync(part).size : 0;
    if (have > spec.bytes) {
      rmSync(part, { force: true });
      have = 0;
    }
    if (have < spec.bytes) {
      const stall = new AbortController();
      const signal = opts.signal ? AbortSignal.any([opts.signal, stall.signal]) : stall.signal;
      let stallTimer = setTimeout(() => stall.abort(), stallMs);
      const interrupted = (n: number) =>
        new SpeechError(
          'download_failed',
          `The download of the speech model stopped at ${percent(n, spec.bytes)}. Check the internet connection and try again: it will continue where it stopped.`,
          true,
        );
      let response: Response;
      try {
        response = await doFetch(`${baseUrl}/${spec.file}`, { signal, headers: have > 0 ? { range: `bytes=${have}-` } : {} });
      } catch {
        clearTimeout(stallTimer);
        if (opts.signal?.aborted) throw cancelledError();
        if (stall.signal.aborted) throw interrupted(have);
        throw new SpeechError(
          'download_failed',
          `The speech model could not be downloaded: ${new URL(baseUrl).host} cannot be reached. Check the internet connection and try again.`,
          true,
        );
      }
      if (response.status === 416) {
        // The server says the part file already holds everything (or more): check it as it is.
        clearTimeout(stallTimer);
        await response.body?.cancel().catch(() => undefined);
      } else if (response.status !== 200 && response.status !== 206) {
        clearTimeout(stallTimer);
        await response.body?.cancel().catch(() => undefined);
        throw new SpeechError(
          'download_failed',
          `The speech model could not be downloaded (the server answered HTTP ${response.status}). Try again later, or choose another model size in the voice settings.`,
          true,
        );
      } else {
        // A 200 to a range request means the server sends the whole file again.
        if (response.status === 200) have = 0;
        opts.onEvent?.({ kind: 'start', model: name, totalBytes: spec.bytes, resumedFromBytes: have });
        const out = createWriteStream(part, { flags: have > 0 ? 'a' : 'w' });
        const closed = new Promise<void>((resolve, reject) => {
          out.on('close', resolve);
          out.on('error', reject);
        });
        let received = have;
        let lastReport = -1;
        let failure: SpeechError | undefined;
        try {
          if (!response.body) throw new Error('no body');
          for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
            clearTimeout(stallTimer);
            stallTimer = setTimeout(() => stall.abort(), stallMs);
            if (received + chunk.byteLength > spec.bytes) throw new Error('longer than the model');
            if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
            received += chunk.byteLength;
            const pct = Math.floor((100 * received) / spec.bytes);
            if (pct !== lastReport) {
              lastReport = pct;
              opts.onEvent?.({ kind: 'progress', receivedBytes: received, totalBytes: spec.bytes });
            }
          }
        } catch (e) {
          failure = opts.signal?.aborted ? cancelledError() : e instanceof Error && e.message === 'longer than the model' ? undefined : interrupted(received);
          if (!failure) received = spec.bytes + 1; // checked below: too long is a bad file
        } finally {
          clearTimeout(stallTimer);
          out.end();
          await closed.catch(() => {
            failure = new SpeechError(
              'disk',
              `The speech model could not be saved in ${options.dir}: check that the disk has ${Math.ceil(spec.bytes / 1e6)} MB free.`,
            );
          });
        }
        if (failure) throw failure;
        if (received < spec.bytes) throw interrupted(received);
      }
    }
    opts.onEvent?.({ kind: 'verifying' });
    const size = statSync(part).size;
    const digest = size === spec.bytes ? await sha256Of(part) : '';
    if (digest !== spec.sha256) {
      rmSync(part, { force: true });
      throw new SpeechError(
        'checksum_mismatch',
        'The downloaded speech model is not the expected file (its checksum does not match), so it was deleted and not used. Try the download again; if it fails again, your network may be altering downloads.',
        true,
      );
    }
    renameSync(part, path);
    opts.onEvent?.({ kind: 'ready', path });
    return path;
  }

  const running = new Map<string, Promise<string>>();
  return {
    installedPath,
    async ensure(name, opts = {}) {
      const spec = specOf(name);
      const ready = installedPath(name);
      if (ready) {
        opts.onEvent?.({ kind: 'ready', path: ready });
        return ready;
      }
      // Two callers asking at once share one download.
      let job = running.get(name);
      if (!job) {
        job = download(name, spec, opts).finally(() => running.delete(name));
        running.set(name, job);
      }
      return job;
    },
  };
}
