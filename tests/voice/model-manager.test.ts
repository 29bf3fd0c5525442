/**
 * Model download against a loopback HTTP server serving a small file: progress, resume with a
 * Range request after an interruption, checksum verification, and a sentence for every fault.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createModelManager, type ModelDownloadEvent, type ModelSpec } from '../../src/voice/model-manager.js';
import { rejection } from './rejection.js';

const MODEL = randomBytes(300_000);
const SPEC: ModelSpec = { file: 'ggml-test.bin', bytes: MODEL.length, sha256: createHash('sha256').update(MODEL).digest('hex'), label: 'test' };
const WRONG: ModelSpec = { ...SPEC, file: 'ggml-wrong.bin', sha256: '0'.repeat(64) };
const CATALOG = { test: SPEC, wrong: WRONG };

type Mode = 'ok' | 'cut_half' | 'stall_half' | 'ignore_range' | 'http_404';

describe('model manager', () => {
  let server: Server;
  let baseUrl: string;
  let mode: Mode = 'ok';
  const ranges: Array<string | undefined> = [];
  const sockets = new Set<Socket>();
  let dir: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      ranges.push(req.headers.range);
      if (mode === 'http_404' || !/\/ggml-(test|wrong)\.bin$/.test(req.url ?? '')) return void res.writeHead(404).end('Entry not found');
      const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
      const from = range && mode !== 'ignore_range' ? Number(range[1]) : 0;
      const body = MODEL.subarray(from);
      res.writeHead(from > 0 ? 206 : 200, {
        'content-type': 'application/octet-stream',
        'content-length': body.length,
        ...(from > 0 ? { 'content-range': `bytes ${from}-${MODEL.length - 1}/${MODEL.length}` } : {}),
      });
      if (mode === 'stall_half') {
        res.write(body.subarray(0, Math.floor(body.length / 2))); // then nothing, connection open
        return;
      }
      if (mode === 'cut_half') {
        res.write(body.subarray(0, Math.floor(body.length / 2)));
        setTimeout(() => res.socket?.destroy(), 30);
        return;
      }
      res.end(body);
    });
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/models`;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  });
  beforeEach(() => {
    mode = 'ok';
    ranges.length = 0;
    dir = mkdtempSync(join(tmpdir(), 'ac-models-'));
    return () => rmSync(dir, { recursive: true, force: true });
  });

  it('downloads on first use with progress, verifies, and later uses the file without the network', async () => {
    const manager = createModelManager({ dir, baseUrl, catalog: CATALOG });
    expect(manager.installedPath('test')).toBeUndefined();
    const events: ModelDownloadEvent[] = [];
    const path = await manager.ensure('test', { onEvent: (e) => events.push(e) });
    expect(readFileSync(path).equals(MODEL)).toBe(true);
    expect(events[0]).toEqual({ kind: 'start', model: 'test', totalBytes: MODEL.length, resumedFromBytes: 0 });
    const progress = events.filter((e) => e.kind === 'progress');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toEqual({ kind: 'progress', receivedBytes: MODEL.length, totalBytes: MODEL.length });
    expect(events.slice(-2).map((e) => e.kind)).toEqual(['verifying', 'ready']);
    expect(existsSync(`${path}.part`)).toBe(false);

    mode = 'http_404';
    expect(await manager.ensure('test')).toBe(path);
    expect(ranges).toHaveLength(1); // the second ensure asked nothing of the server
  });

  it('an interrupted download keeps what arrived and the next attempt resumes with a Range request', async () => {
    const manager = createModelManager({ dir, baseUrl, catalog: CATALOG });
    mode = 'cut_half';
    const e = await rejection(manager.ensure('test'));
    expect(e).toMatchObject({ code: 'download_failed', retryable: true });
    expect(e.message).toMatch(/stopped at \d+%.*continue where it stopped/);
    const part = join(dir, `${SPEC.file}.part`);
    const kept = statSync(part).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(MODEL.length);
    expect(manager.installedPath('test')).toBeUndefined();

    mode = 'ok';
    const events: ModelDownloadEvent[] = [];
    const path = await manager.ensure('test', { onEvent: (ev) => events.push(ev) });
    expect(ranges.at(-1)).toBe(`bytes=${kept}-`);
    expect(events[0]).toMatchObject({ kind: 'start', resumedFromBytes: kept });
    expect(readFileSync(path).equals(MODEL)).toBe(true);
  });

  it('a download that stops receiving ends as interrupted after the stall time, and keeps its part file', async () => {
    mode = 'stall_half';
    const started = performance.now();
    const e = await rejection(createModelManager({ dir, baseUrl, catalog: CATALOG, stallMs: 300 }).ensure('test'));
    expect(e.code).toBe('download_failed');
    expect(e.message).toMatch(/stopped at \d+%/);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(statSync(join(dir, `${SPEC.file}.part`)).size).toBeGreaterThan(0);
  });

  it('a server that ignores the range sends the whole file, which replaces the part file', async () => {
    writeFileSync(join(dir, `${SPEC.file}.part`), MODEL.subarray(0, 1000));
    mode = 'ignore_range';
    const path = await createModelManager({ dir, baseUrl, catalog: CATALOG }).ensure('test');
    expect(ranges).toEqual(['bytes=1000-']);
    expect(readFileSync(path).equals(MODEL)).toBe(true);
  });

  it('a file whose checksum does not match is deleted and not used', async () => {
    const manager = createModelManager({ dir, baseUrl, catalog: CATALOG });
    const e = await rejection(manager.ensure('wrong'));
    expect(e.code).toBe('checksum_mismatch');
    expect(e.message).toMatch(/checksum does not match.*deleted and not used/);
    expect(existsSync(join(dir, WRONG.file))).toBe(false);
    expect(existsSync(join(dir, `${WRONG.file}.part`))).toBe(false);
  });

  it('no network, a missing file on the server, and an unknown model name are sentences', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const offline = await rejection(createModelManager({ dir, baseUrl: `http://127.0.0.1:${port}/m`, catalog: CATALOG }).ensure('test'));
    expect(offline.code).toBe('download_failed');
    expect(offline.message).toMatch(/cannot be reached\. Check the internet connection/);

    mode = 'http_404';
    const missing = await rejection(createModelManager({ dir, baseUrl, catalog: CATALOG }).ensure('test'));
    expect(missing.message).toMatch(/HTTP 404/);

    const unknown = await rejection(createModelManager({ dir, baseUrl }).ensure('huge.en'));
    expect(unknown.code).toBe('model_missing');
    expect(unknown.message).toMatch(/no speech model called "huge.en".*base\.en/);
  });

  it('a cancel ends the download with a sentence', async () => {
    mode = 'cut_half';
    const controller = new AbortController();
    controller.abort();
    const e = await rejection(createModelManager({ dir, baseUrl, catalog: CATALOG }).ensure('test', { signal: controller.signal }));
    expect(e.code).toBe('cancelled');
  });
});
