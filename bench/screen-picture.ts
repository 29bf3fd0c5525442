/**
 * Screen pictures for a planner that takes images (issue #29 item 4): the whole 1280 × 800 screen
 * captured (one X11 GetImage over the wire protocol), masked and marked (2 masks, a 4 × 4 grid, 60
 * numbered elements) and encoded as PNG, on a private headless desktop with the AX fixture's window
 * of 750 buttons stretched over the screen; deflate runs on libuv's pool, and the event loop's worst
 * delay meanwhile is printed. Goal: capture + marks + encode ≤ 60 ms. Also the PNG's
 * size, and the image tokens each provider counts for that picture (from each provider's published
 * rule: Anthropic width × height / 750 after fitting 1568 px and 1.15 MP; OpenAI's high detail, 170
 * per 512-px tile after fitting 2048 px and a 768-px short side, plus 85; Qwen2.5-VL on Ollama one
 * token per 28 × 28 px patch; LLaVA 1.5 a fixed 576).
 *
 * Starts its own desktop (scripts/desktop-session.ts). Run alone with `npx tsx bench/screen-picture.ts`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { enterDesktopSession, startDesktopSession } from '../scripts/desktop-session.js';
import { drawPicture, type PictureMark } from '../src/execution/screen/picture.js';
import { encodePng } from '../src/execution/screen/png.js';
import { captureX11 } from '../src/execution/screen/x11-capture.js';
import { gridCells } from '../src/shared/mouse-grid.js';
import { figures, formatMs } from './stats.js';

const PYTHON = '/usr/bin/python3';
const FIXTURE = fileURLToPath(new URL('../tests/fixtures/ax-fixture-app.py', import.meta.url));
const SCREEN = { x: 0, y: 0, width: 1280, height: 800 };
const RUNS = 40;
const WARMUP = 3;
const run = promisify(execFile);

/** Image tokens of a width × height picture, by each provider's published rule. */
export function imageTokens(width: number, height: number): Record<string, number> {
  const fit = (w: number, h: number, scale: number) => [Math.round(w * scale), Math.round(h * scale)] as const;
  const [aw, ah] = fit(width, height, Math.min(1, 1568 / Math.max(width, height), Math.sqrt(1_150_000 / (width * height))));
  const [ow1, oh1] = fit(width, height, Math.min(1, 2048 / Math.max(width, height)));
  const [ow, oh] = fit(ow1, oh1, Math.min(1, 768 / Math.min(ow1, oh1)));
  return {
    'Anthropic (Claude)': Math.ceil((aw * ah) / 750),
    'OpenAI (gpt-4o / 4.1, detail high)': 85 + 170 * Math.ceil(ow / 512) * Math.ceil(oh / 512),
    'Ollama qwen2.5vl': Math.round(width / 28) * Math.round(height / 28),
    'Ollama llava (1.5)': 576,
  };
}

export async function benchScreenPicture(): Promise<void> {
  if (process.platform !== 'linux') throw new Error(`the screen picture benchmark captures an X11 screen (this is ${process.platform})`);
  const session = await startDesktopSession();
  enterDesktopSession(session.env);
  let app: ChildProcess | undefined;
  try {
    app = spawn(PYTHON, [FIXTURE, '--many', '750'], { stdio: 'ignore' });
    await run('xdotool', ['search', '--sync', '--name', '.', 'windowsize', '%@', '1280', '800', 'windowmove', '%@', '0', '0'], { timeout: 15_000 });
    const marks: PictureMark[] = Array.from({ length: 60 }, (_, i) => ({
      id: i + 1,
      x: 20 + (i % 10) * 120,
      y: 40 + Math.floor(i / 10) * 110,
      width: 100,
      height: 30,
    }));
    const masks = [
      { x: 900, y: 500, width: 240, height: 28 },
      { x: 880, y: 0, width: 360, height: 300 },
    ];
    const cells = gridCells(SCREEN, 4);
    const parts = { capture: [] as number[], draw: [] as number[], encode: [] as number[], total: [] as number[] };
    let bytes = 0;
    const loop = monitorEventLoopDelay({ resolution: 1 });
    for (let i = 0; i < WARMUP + RUNS; i++) {
      if (i === WARMUP) loop.enable();
      const t0 = performance.now();
      const image = await captureX11(SCREEN, { env: process.env, deadlineMs: 2000 });
      const t1 = performance.now();
      drawPicture({ width: image.width, height: image.height, rgba: image.rgba }, { masks, cells, marks });
      const t2 = performance.now();
      const png = await encodePng(image.width, image.height, image.rgba);
      const t3 = performance.now();
      bytes = png.length;
      if (i < WARMUP) continue;
      parts.capture.push(t1 - t0);
      parts.draw.push(t2 - t1);
      parts.encode.push(t3 - t2);
      parts.total.push(t3 - t0);
    }
    for (const [label, times] of Object.entries(parts)) {
      const f = figures(0, times);
      const note = label === 'total' ? '   (goal ≤ 60 ms)' : '';
      console.log(`  ${`1280 × 800 ${label}`.padEnd(28)} p50 ${formatMs(f.medianMs).padStart(9)}   p95 ${formatMs(f.p95Ms).padStart(9)}${note}`);
    }
    loop.disable();
    // How long the event loop waited at worst while pictures were taken: capture and drawing run on it, deflate on libuv's pool.
    console.log(`  event loop delay meanwhile    p99 ${formatMs(loop.percentile(99) / 1e6).padStart(9)}   max ${formatMs(loop.max / 1e6).padStart(9)}`);
    console.log(`  PNG size                     ${(bytes / 1024).toFixed(0)} KiB (${RUNS} runs)`);
    for (const [provider, tokens] of Object.entries(imageTokens(SCREEN.width, SCREEN.height))) console.log(`  image tokens, ${provider.padEnd(36)} ${tokens}`);
  } finally {
    app?.kill();
    await session.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await benchScreenPicture();
  } catch (e) {
    console.log(`  not measured: ${e instanceof Error ? e.message : String(e)}`);
  }
}
