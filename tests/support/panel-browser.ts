/**
 * The panel bundle in Debian's Chromium, driven by playwright-core, with the preload API
 * (`window.assistiveControl`) implemented over Playwright's exposeFunction in place of Electron IPC.
 * Requests go through PanelSession.handle — the same validation the Electron shell will use.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { PanelSession } from '../../src/core/panel-session.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import { PANEL_API_CHANNELS, type RequestChannel, type ShellSignal } from '../../src/shared/contracts/ipc-contract.js';

export const CHROMIUM = '/usr/bin/chromium';
/** CI installs Chromium through scripts/setup.sh, so a missing one on Linux is a failure that says how. */
export const CHROMIUM_MISSING = `Chromium is not installed at ${CHROMIUM}: run "sudo apt-get install -y chromium" (or bash scripts/setup.sh).`;

// The machine's network is closed: without these, Chromium keeps trying to reach Google's hosts.
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

const TYPES: Readonly<Record<string, string>> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

/** Serves the built panel on loopback, so the page's CSP ('self') applies as in the app. */
async function servePanel(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^\/+/, '') || 'index.html';
    const file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return server;
}

const METHODS = Object.entries(PANEL_API_CHANNELS) as ReadonlyArray<readonly [string, RequestChannel]>;

/** One call from the page to main, as the test saw it cross the boundary (to check what crossed). */
export interface Crossing {
  readonly channel: RequestChannel;
  readonly args: readonly unknown[];
  readonly reply: unknown;
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  readonly violations: ReadonlyArray<{ readonly id: string; readonly help: string; readonly nodes: ReadonlyArray<{ readonly target: unknown }> }>;
}

/** axe-core on the page as it is now: each WCAG 2.2 A/AA violation as one line (none: an empty list). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (script-src 'self') refuses an inline script tag.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE);
  const result = (await page.evaluate(() =>
    (globalThis as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(
      (globalThis as unknown as { document: unknown }).document,
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      },
    ),
  )) as AxeResult;
  return result.violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

const PRELOAD_STAND_IN = `(methods) => {
  const listeners = new Set();
  const signalListeners = new Set();
  globalThis.__ac_dispatch = (event) => listeners.forEach((l) => l(event));
  globalThis.__ac_signal = (signal) => signalListeners.forEach((l) => l(signal));
  const api = {
    onEvent: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    onShellSignal: (l) => {
      signalListeners.add(l);
      return () => signalListeners.delete(l);
    },
  };
  for (const m of methods) api[m] = (...args) => globalThis['__ac_' + m](...args);
  Object.defineProperty(globalThis, 'assistiveControl', { value: Object.freeze(api) });
}`;

/**
 * Runs `inside` with the text at 200 %, forced colours (high contrast) and reduced motion, then puts
 * the page back. Returns how wide the page's content is against its viewport while enlarged.
 */
export async function withLargeTextHighContrast(page: Page, inside: () => Promise<void>): Promise<{ readonly scroll: number; readonly client: number }> {
  type Root = { documentElement: { style: { fontSize: string }; scrollWidth: number; clientWidth: number } };
  await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
  await page.evaluate(() => void ((globalThis as unknown as { document: Root }).document.documentElement.style.fontSize = '200%'));
  try {
    const layout = await page.evaluate(() => {
      const d = (globalThis as unknown as { document: Root }).document.documentElement;
      return { scroll: d.scrollWidth, client: d.clientWidth };
    });
    await inside();
    return layout;
  } finally {
    await page.evaluate(() => void ((globalThis as unknown as { document: Root }).document.documentElement.style.fontSize = ''));
    await page.emulateMedia({ forcedColors: 'none', reducedMotion: 'no-preference' });
  }
}

/**
 * Tabs through the page (twice round) and returns the controls Tab never reached, by their text or
 * label: none when every enabled, visible control is reachable by keyboard. In a radio group only
 * the checked button is a Tab stop (the arrow keys move inside the group), as in every toolkit.
 */
export async function unreachableByTab(page: Page): Promise<string[]> {
  const count = (await page.evaluate(`(() => {
    const controls = [...document.querySelectorAll('button, input, textarea, select, a[href], [tabindex]:not([tabindex="-1"])')]
      .filter((e) => !e.disabled && e.getClientRects().length > 0 && !(e.type === 'radio' && !e.checked));
    controls.forEach((e, i) => e.setAttribute('data-tab-probe', String(i)));
    return controls.length;
  })()`)) as number;
  const reached = new Set<string>();
  for (let i = 0; i < count * 2 + 2; i++) {
    await page.keyboard.press('Tab');
    const probe = (await page.evaluate(`document.activeElement ? document.activeElement.getAttribute('data-tab-probe') : null`)) as string | null;
    if (probe !== null) reached.add(probe);
  }
  return (await page.evaluate(`(() => {
    const reached = ${JSON.stringify([...reached])};
    const missing = [...document.querySelectorAll('[data-tab-probe]')]
      .filter((e) => !reached.includes(e.getAttribute('data-tab-probe')))
      .map((e) => e.getAttribute('aria-label') || e.textContent || e.id || e.name || e.tagName);
    document.querySelectorAll('[data-tab-probe]').forEach((e) => e.removeAttribute('data-tab-probe'));
    return missing;
  })()`)) as string[];
}

/** Chromium's flags for a fake microphone that plays `wavPath` in a loop (and no permission prompt). */
export function fakeMicrophone(wavPath: string): readonly string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wavPath}`,
    '--autoplay-policy=no-user-gesture-required',
  ];
}

export interface PanelBrowser {
  readonly page: Page;
  /** Every request the page made and what came back, in order. */
  readonly crossings: readonly Crossing[];
  /** Every event pushed to the page. */
  readonly events: readonly AssistantEvent[];
  /** Sends one assistant event to the page, in order with the ones before it. */
  readonly push: (event: AssistantEvent) => void;
  /** Sends one shell signal to the page (what main sends on a global switch press). */
  readonly signal: (signal: ShellSignal) => Promise<void>;
  /** Saves a screenshot of the page as `<name>.png` in the artifacts folder. */
  readonly screenshot: (name: string) => Promise<void>;
  readonly close: () => Promise<void>;
}

export async function openPanel(options: {
  readonly bundleDir: string;
  readonly artifactsDir: string;
  readonly session: () => PanelSession;
  /** Runs before the page loads (for example to install Playwright's fake clock). */
  readonly beforeLoad?: (page: Page) => Promise<void>;
  /** More Chromium flags (the voice tests' fake microphone). */
  readonly chromiumArgs?: readonly string[];
}): Promise<PanelBrowser> {
  if (!existsSync(CHROMIUM)) throw new Error(CHROMIUM_MISSING);
  mkdirSync(options.artifactsDir, { recursive: true });
  const server = await servePanel(options.bundleDir);
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, ...(options.chromiumArgs ?? [])] });
  const page = await browser.newPage({ viewport: { width: 480, height: 800 } });
  const crossings: Crossing[] = [];
  const events: AssistantEvent[] = [];
  for (const [method, channel] of METHODS) {
    await page.exposeFunction(`__ac_${method}`, async (...args: unknown[]) => {
      const reply: unknown = await options.session().handle(channel, args);
      crossings.push({ channel, args, reply });
      return reply;
    });
  }
  // What the Electron preload does with contextBridge: a frozen object of named functions. Given as
  // source text: a function would be serialized with whatever helpers the TypeScript loader added
  // (tsx's __name), which do not exist in the page.
  await page.addInitScript({ content: `(${PRELOAD_STAND_IN})(${JSON.stringify(METHODS.map(([m]) => m))})` });
  await options.beforeLoad?.(page);
  const { port } = server.address() as AddressInfo;
  await page.goto(`http://127.0.0.1:${port}/index.html`);

  let chain: Promise<unknown> = Promise.resolve();
  return {
    page,
    crossings,
    events,
    push: (event) => {
      events.push(event);
      chain = chain
        .then(() => page.evaluate((e) => (globalThis as unknown as { __ac_dispatch: (e: unknown) => void }).__ac_dispatch(e), event))
        .catch(() => undefined);
    },
    signal: async (signal) => {
      await chain;
      await page.evaluate((s) => (globalThis as unknown as { __ac_signal: (s: unknown) => void }).__ac_signal(s), signal);
    },
    screenshot: async (name) => {
      await page.screenshot({ path: join(options.artifactsDir, `${name}.png`), fullPage: true });
    },
    close: async () => {
      await browser.close();
      await new Promise((r) => server.close(r));
    },
  };
}

/** Another page of the built bundle (the numbered overlay), served the same way, at a given viewport. */
export async function openBundlePage(options: {
  readonly bundleDir: string;
  readonly path: string;
  readonly viewport: { readonly width: number; readonly height: number };
  /** Device pixels per CSS pixel (a HiDPI screen: 2); 1 when not given. */
  readonly deviceScaleFactor?: number;
}): Promise<{ readonly page: Page; readonly close: () => Promise<void> }> {
  if (!existsSync(CHROMIUM)) throw new Error(CHROMIUM_MISSING);
  const server = await servePanel(options.bundleDir);
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const page = await browser.newPage({ viewport: { ...options.viewport }, deviceScaleFactor: options.deviceScaleFactor ?? 1 });
  const { port } = server.address() as AddressInfo;
  await page.goto(`http://127.0.0.1:${port}/${options.path}`);
  return {
    page,
    close: async () => {
      await browser.close();
      await new Promise((r) => server.close(r));
    },
  };
}
