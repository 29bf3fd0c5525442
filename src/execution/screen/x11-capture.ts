/**
 * A picture of part of the screen on X11: one GetImage request on the root window, spoken over the
 * X11 wire protocol from TypeScript (a Unix or TCP socket, MIT-MAGIC-COOKIE-1 from the Xauthority
 * file). No native code, so the whole capture has a deadline like any network call: at the
 * deadline the socket is closed and the caller reads a sentence.
 *
 * Only TrueColor screens of 24 or 32 bits per pixel are read (every current X server's default).
 * The result is RGBA, row by row, top to bottom.
 */
import { readFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { endianness, homedir } from 'node:os';
import { join } from 'node:path';
import { withDeadline } from '../../shared/deadline.js';
import type { Rect } from './picture.js';

export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  /** width × height × 4 bytes: red, green, blue, alpha (255). */
  readonly rgba: Uint8Array;
}

export interface CaptureOptions {
  readonly env: NodeJS.ProcessEnv;
  /** The whole capture, connection included. */
  readonly deadlineMs: number;
}

/** Why a capture failed, in a sentence the user can act on. */
export class CaptureError extends Error {
  override readonly name = 'CaptureError';
}

interface Display {
  readonly host: string;
  readonly number: number;
  readonly screen: number;
}

function parseDisplay(display: string | undefined): Display {
  const m = /^([^:]*):(\d+)(?:\.(\d+))?$/.exec(display ?? '');
  if (!m) throw new CaptureError('There is no X display to take a picture of (DISPLAY is not set): start Assistive Control from inside your desktop session.');
  return { host: m[1] ?? '', number: Number(m[2]), screen: Number(m[3] ?? 0) };
}

const pad4 = (n: number): number => (4 - (n % 4)) % 4;

/** The MIT-MAGIC-COOKIE-1 for the display from the Xauthority file, when there is one. */
async function cookieFor(env: NodeJS.ProcessEnv, display: Display): Promise<Buffer | undefined> {
  const file = env.XAUTHORITY || join(env.HOME || homedir(), '.Xauthority');
  const data = await readFile(file).catch(() => undefined);
  if (!data) return undefined;
  let at = 0;
  const field = (): Buffer => {
    const length = data.readUInt16BE(at + 0);
    const value = data.subarray(at + 2, at + 2 + length);
    at += 2 + length;
    return value;
  };
  while (at + 2 <= data.length) {
    try {
      at += 2; // family
      field(); // address
      const number = field().toString('latin1');
      const name = field().toString('latin1');
      const cookie = field();
      if (name === 'MIT-MAGIC-COOKIE-1' && (number === '' || number === String(display.number))) return Buffer.from(cookie);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Reads a socket's bytes as they arrive; `take(n)` resolves with the next n bytes (joined once, when all are there). */
class Reader {
  private chunks: Buffer[] = [];
  private length = 0;
  private waiting: { n: number; resolve: (b: Buffer) => void; reject: (e: unknown) => void } | undefined;
  private failure: unknown;

  constructor(socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.length += chunk.length;
      this.deliver();
    });
    const fail = (e: unknown): void => {
      this.failure ??= e;
      this.waiting?.reject(this.failure);
      this.waiting = undefined;
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new CaptureError('The X display closed the connection while the picture was taken: try again.')));
  }

  take(n: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      if (this.failure && this.length < n) return reject(this.failure);
      this.waiting = { n, resolve, reject };
      this.deliver();
    });
  }

  private deliver(): void {
    const w = this.waiting;
    if (!w || this.length < w.n) return;
    this.waiting = undefined;
    const all = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks, this.length);
    this.chunks = all.length > w.n ? [all.subarray(w.n)] : [];
    this.length -= w.n;
    w.resolve(all.subarray(0, w.n));
  }
}

interface ScreenFormat {
  readonly root: number;
  readonly width: number;
  readonly height: number;
  readonly depth: number;
  readonly bitsPerPixel: number;
  /** The server's image byte order: least significant byte first (every PC's). */
  readonly lsbFirst: boolean;
  readonly masks: { readonly red: number; readonly green: number; readonly blue: number };
}

/** The connection setup's answer: the chosen screen's root, size, depth, pixel format and colour masks. */
function parseSetup(b: Buffer, screenIndex: number): ScreenFormat {
  const vendorLength = b.readUInt16LE(24 - 8);
  const lsbFirst = b.readUInt8(30 - 8) === 0;
  const screens = b.readUInt8(28 - 8);
  const formats = b.readUInt8(29 - 8);
  let at = 40 - 8 + vendorLength + pad4(vendorLength);
  const bpp = new Map<number, number>();
  for (let i = 0; i < formats; i++, at += 8) bpp.set(b.readUInt8(at), b.readUInt8(at + 1));
  for (let s = 0; s < screens; s++) {
    const root = b.readUInt32LE(at);
    const width = b.readUInt16LE(at + 20);
    const height = b.readUInt16LE(at + 22);
    const rootVisual = b.readUInt32LE(at + 32);
    const depth = b.readUInt8(at + 38);
    const depths = b.readUInt8(at + 39);
    at += 40;
    let masks: ScreenFormat['masks'] | undefined;
    for (let d = 0; d < depths; d++) {
      const visuals = b.readUInt16LE(at + 2);
      at += 8;
      for (let v = 0; v < visuals; v++, at += 24) {
        if (b.readUInt32LE(at) === rootVisual) masks = { red: b.readUInt32LE(at + 8), green: b.readUInt32LE(at + 12), blue: b.readUInt32LE(at + 16) };
      }
    }
    if (s === screenIndex) {
      const bitsPerPixel = bpp.get(depth) ?? 0;
      if (!masks || (bitsPerPixel !== 32 && bitsPerPixel !== 24))
        throw new CaptureError(`The screen uses a colour format the assistant cannot read (depth ${depth}): set the display to millions of colours (24-bit).`);
      return { root, width, height, depth, bitsPerPixel, lsbFirst, masks };
    }
  }
  throw new CaptureError('The display has no such screen: start Assistive Control from inside your desktop session.');
}

const LITTLE_ENDIAN = endianness() === 'LE';

const shiftOf = (mask: number): number => (mask === 0 ? 0 : 31 - Math.clz32(mask & -mask));

/** The pixels of `area` (clipped to the screen), as RGBA. */
export async function captureX11(area: Rect, options: CaptureOptions): Promise<RgbaImage & { readonly area: Rect }> {
  const display = parseDisplay(options.env.DISPLAY);
  const cookie = await cookieFor(options.env, display);
  const local = display.host === '' || display.host === 'unix';
  const socket = local ? connect({ path: `/tmp/.X11-unix/X${display.number}` }) : connect({ host: display.host, port: 6000 + display.number });
  const work = (async () => {
    const reader = new Reader(socket);
    const name = cookie ? Buffer.from('MIT-MAGIC-COOKIE-1', 'latin1') : Buffer.alloc(0);
    const data = cookie ?? Buffer.alloc(0);
    const hello = Buffer.alloc(12 + name.length + pad4(name.length) + data.length + pad4(data.length));
    hello.write('l', 0, 'latin1');
    hello.writeUInt16LE(11, 2);
    hello.writeUInt16LE(0, 4);
    hello.writeUInt16LE(name.length, 6);
    hello.writeUInt16LE(data.length, 8);
    name.copy(hello, 12);
    data.copy(hello, 12 + name.length + pad4(name.length));
    socket.write(hello);
    const head = await reader.take(8);
    const rest = await reader.take(head.readUInt16LE(6) * 4);
    if (head.readUInt8(0) !== 1) {
      const reason = rest.subarray(0, head.readUInt8(1)).toString('latin1').trim();
      throw new CaptureError(
        `The X display refused the assistant's connection (${reason || 'no reason given'}): start Assistive Control from inside your desktop session.`,
      );
    }
    const screen = parseSetup(rest, display.screen);
    const x = Math.max(0, Math.round(area.x));
    const y = Math.max(0, Math.round(area.y));
    const width = Math.min(screen.width, Math.round(area.x + area.width)) - x;
    const height = Math.min(screen.height, Math.round(area.y + area.height)) - y;
    if (width <= 0 || height <= 0) throw new CaptureError('The window is not on the screen, so there is nothing to take a picture of: bring it into view.');
    const request = Buffer.alloc(20);
    request.writeUInt8(73, 0); // GetImage
    request.writeUInt8(2, 1); // ZPixmap
    request.writeUInt16LE(5, 2);
    request.writeUInt32LE(screen.root, 4);
    request.writeInt16LE(x, 8);
    request.writeInt16LE(y, 10);
    request.writeUInt16LE(width, 12);
    request.writeUInt16LE(height, 14);
    request.writeUInt32LE(0xffffffff, 16);
    socket.write(request);
    // Events and errors are 32 bytes; a reply is 32 bytes and then its length in 4-byte units.
    for (;;) {
      const packet = await reader.take(32);
      const kind = packet.readUInt8(0);
      if (kind === 0) throw new CaptureError(`The X display could not give the picture (error ${packet.readUInt8(1)}): try again.`);
      if (kind !== 1) continue;
      const pixels = await reader.take(packet.readUInt32LE(4) * 4);
      return { width, height, rgba: toRgba(pixels, width, height, screen), area: { x, y, width, height } };
    }
  })();
  try {
    return await withDeadline(work, {
      deadlineMs: options.deadlineMs,
      late: () => new CaptureError(`The X display did not give the picture within ${options.deadlineMs} ms: try again.`),
    });
  } catch (e) {
    if (e instanceof CaptureError) throw e;
    throw new CaptureError(
      `The assistant could not reach the X display to take a picture (${e instanceof Error ? e.message : String(e)}): start it from inside your desktop session.`,
    );
  } finally {
    socket.destroy();
    work.catch(() => undefined);
  }
}

/** ZPixmap rows (each padded to 32 bits) in the screen's byte order and masks → RGBA. */
function toRgba(pixels: Buffer, width: number, height: number, screen: ScreenFormat): Uint8Array {
  const bytes = screen.bitsPerPixel / 8;
  const stride = Math.ceil((width * screen.bitsPerPixel) / 32) * 4;
  const { red, green, blue } = screen.masks;
  if (bytes === 4 && red === 0xff0000 && green === 0xff00 && blue === 0xff && screen.lsbFirst && LITTLE_ENDIAN) {
    // The usual layout (BGRX in memory, rows unpadded): one pass of 32-bit words over the reply's own
    // buffer, which nothing else holds, so no second copy of the picture is made.
    const out = pixels.byteOffset % 4 === 0 ? pixels : Buffer.from(pixels);
    const words = new Uint32Array(out.buffer, out.byteOffset, width * height);
    for (let i = 0; i < words.length; i++) {
      const p = words[i] as number;
      words[i] = 0xff000000 | ((p & 0xff) << 16) | (p & 0xff00) | ((p >>> 16) & 0xff);
    }
    return out.subarray(0, width * height * 4);
  }
  const out = new Uint8Array(width * height * 4);
  const [rs, gs, bs] = [shiftOf(red), shiftOf(green), shiftOf(blue)];
  const read = (at: number): number =>
    screen.lsbFirst ? (bytes === 4 ? pixels.readUInt32LE(at) : pixels.readUIntLE(at, 3)) : bytes === 4 ? pixels.readUInt32BE(at) : pixels.readUIntBE(at, 3);
  for (let row = 0; row < height; row++) {
    let src = row * stride;
    let dst = row * width * 4;
    for (let col = 0; col < width; col++, src += bytes, dst += 4) {
      const p = read(src);
      out[dst] = (p & red) >>> rs;
      out[dst + 1] = (p & green) >>> gs;
      out[dst + 2] = (p & blue) >>> bs;
      out[dst + 3] = 255;
    }
  }
  return out;
}
