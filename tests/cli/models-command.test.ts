// `assistive-control models`: the speech models listed and downloaded ahead of time, against a
// loopback host serving a small model (the real model manager: resume, checksum, sentences).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelsCommand, progressLine } from '../../src/cli/models-command.js';
import type { ModelSpec } from '../../src/voice/model-manager.js';
import { captureIo, memoryKeychain, testServices, useTempDir } from './cli-fixtures.js';

const MODEL = randomBytes(3 * 1024 * 1024);
const SPEC: ModelSpec = { file: 'ggml-test.bin', bytes: MODEL.length, sha256: createHash('sha256').update(MODEL).digest('hex'), label: 'Test (3 MB)' };
const CATALOG = { 'base.en': SPEC, wrong: { ...SPEC, file: 'ggml-wrong.bin', sha256: '0'.repeat(64), label: 'Wrong' } };
const tempDir = useTempDir('ac-models-cli-');

describe('assistive-control models', () => {
  let server: Server;
  let baseUrl: string;
  let models: string;
  let stalled = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (!/\/ggml-(test|wrong)\.bin$/.test(req.url ?? '')) return void res.writeHead(404).end('Entry not found');
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': MODEL.length });
      // In slices, so that progress comes in steps; stalled: half, then nothing (a Ctrl-C stops it).
      const slices = 12;
      for (let i = 0; i < slices; i++) {
        if (stalled && i === slices / 2) return;
        res.write(MODEL.subarray((i * MODEL.length) / slices, ((i + 1) * MODEL.length) / slices));
      }
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/m`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const command = (interrupt?: (stop: () => void) => void) => {
    models = models ?? mkdtempSync(join(tmpdir(), 'ac-models-dir-'));
    return createModelsCommand({
      services: testServices(tempDir(), memoryKeychain()),
      dir: () => models,
      baseUrl,
      catalog: CATALOG,
      onInterrupt: (handler) => {
        interrupt?.(handler);
        return () => undefined;
      },
    });
  };

  it('downloads the model of the voice settings with a bar on plain lines, checks it, then lists it as downloaded', async () => {
    models = mkdtempSync(join(tmpdir(), 'ac-models-dir-'));
    try {
      const io = captureIo();
      expect(await command().run(['download'], io.io)).toBe(0);
      const lines = io
        .err()
        .split('\n')
        .filter((l) => l.startsWith('base.en: ['));
      expect(lines.length).toBeGreaterThanOrEqual(3);
      expect(lines.at(-1)).toBe('base.en: [##########] 100% (3 MB of 3 MB)');
      expect(io.err()).not.toContain('\r');
      expect(io.err()).toContain('base.en: checking the download…');
      expect(io.out()).toBe(`base.en is ready: ${join(models, 'ggml-test.bin')}\n`);
      expect(existsSync(join(models, 'ggml-test.bin'))).toBe(true);

      const again = captureIo();
      expect(await command().run(['download', 'base.en'], again.io)).toBe(0);
      expect(again.out()).toContain('base.en is already downloaded');

      const list = captureIo();
      expect(await command().run(['list', '--json'], list.io)).toBe(0);
      expect(JSON.parse(list.out()).models).toEqual([
        { name: 'base.en', label: 'Test (3 MB)', bytes: MODEL.length, chosen: true, path: join(models, 'ggml-test.bin') },
        { name: 'wrong', label: 'Wrong', bytes: MODEL.length, chosen: false, path: null },
      ]);
    } finally {
      rmSync(models, { recursive: true, force: true });
    }
  });

  it('a checksum that does not match, an unknown name and Ctrl-C each end in a sentence and their exit code', async () => {
    models = mkdtempSync(join(tmpdir(), 'ac-models-dir-'));
    try {
      const bad = captureIo();
      expect(await command().run(['download', 'wrong'], bad.io)).toBe(1);
      expect(bad.err()).toMatch(/\S.*\.\n$/);
      expect(existsSync(join(models, 'ggml-wrong.bin'))).toBe(false);

      const unknown = captureIo();
      expect(await command().run(['download', 'huge'], unknown.io)).toBe(2);
      expect(unknown.err()).toBe('There is no speech model called "huge": use one of base.en, wrong.\n');

      stalled = true;
      let stop: () => void = () => undefined;
      const io = captureIo();
      const running = command((s) => (stop = s)).run(['download'], io.io);
      await new Promise<void>((r) => {
        const poll = setInterval(() => {
          if (io.err().includes('base.en: [')) {
            clearInterval(poll);
            r();
          }
        }, 20);
      });
      stop();
      expect(await running).toBe(130);
      expect(io.err()).toContain('Stopped. The download resumes where it stopped next time: assistive-control models download base.en');
    } finally {
      stalled = false;
      rmSync(models, { recursive: true, force: true });
    }
  });

  it('draws ten steps', () => {
    expect(progressLine('tiny', 0, 100 * 1024 * 1024)).toBe('tiny: [..........] 0% (0 MB of 100 MB)');
    expect(progressLine('tiny', 55 * 1024 * 1024, 100 * 1024 * 1024)).toBe('tiny: [#####.....] 55% (55 MB of 100 MB)');
  });
});
