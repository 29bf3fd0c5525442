// Which capture a platform has (issue #29 item 4). Linux's is X11 (window-picture.desktop.test.ts
// takes real pictures). macOS's is the bridge's picture of the app's front window, which cannot run
// here: its native half is compiled against the SDK (scripts/check-macos-build.sh) and its
// platform-free choices are tests/native/cc/mac_capture_test.cc; here a stand-in for the addon's
// captureWindow shows what the TypeScript side does with what it answers: the picture as it is,
// the permission's sentence for the user, a deadline, a damaged answer refused. Then a whole
// picture on the macOS path: the pid goes to the bridge, the password field is filled.
import { describe, expect, it } from 'vitest';
import type { NativeBridge, NativePicture } from '../../../src/execution/accessibility/native.js';
import type { AxElement } from '../../../src/execution/accessibility/types.js';
import { bridgeWindowCapture } from '../../../src/execution/accessibility/window-capture.js';
import type { Observation } from '../../../src/execution/observation.js';
import { captureScreen, CaptureError, type CapturePlatform } from '../../../src/execution/screen/capture.js';
import { PICTURE_COLOURS } from '../../../src/execution/screen/picture.js';
import { takeWindowPicture } from '../../../src/execution/screen/window-picture.js';
import { decodePng } from '../../support/png-decode.js';

type Capture = NonNullable<NativeBridge['captureWindow']>;

/** macOS with an addon whose captureWindow is `capture` (or none). */
function mac(capture?: Capture): CapturePlatform {
  return {
    os: 'darwin',
    windowCapture: () => bridgeWindowCapture(() => ({ platform: 'darwin', ...(capture ? { captureWindow: capture } : {}) }) as NativeBridge),
  };
}

/** A width × height picture of one grey, as the addon answers. */
function grey(width: number, height: number, area = { x: 0, y: 0, width, height }): NativePicture {
  return { width, height, area, rgba: new Uint8Array(width * height * 4).fill(180) };
}

const OPTIONS = { env: {}, deadlineMs: 2000, pid: 4242 };

describe('the capture a platform has', () => {
  it('on macOS asks the bridge for the front window of the app, with its area and a deadline, and gives the picture as it is', async () => {
    const calls: unknown[][] = [];
    const capture: Capture = async (...args) => {
      calls.push(args);
      return grey(30, 20, { x: 100, y: 50, width: 30, height: 20 });
    };
    const image = await captureScreen({ x: 100.4, y: 50, width: 30, height: 20 }, OPTIONS, mac(capture));
    expect(calls).toEqual([[4242, 100.4, 50, 30, 20, 2000]]);
    expect([image.width, image.height, image.area]).toEqual([30, 20, { x: 100, y: 50, width: 30, height: 20 }]);
    expect(image.rgba.length).toBe(30 * 20 * 4);
  });

  it('on macOS says what the bridge says when the Screen Recording permission is missing', async () => {
    const sentence =
      'Assistive Control may not take pictures of the screen: allow it in System Settings → Privacy & Security → Screen & System Audio Recording.';
    const refused: Capture = () => Promise.reject(Object.assign(new Error(sentence), { code: 'permission_denied' }));
    const error = await captureScreen({ x: 0, y: 0, width: 10, height: 10 }, OPTIONS, mac(refused)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CaptureError);
    expect((error as Error).message).toBe(sentence);
  });

  it('on macOS gives up at the deadline when the bridge never answers, in a sentence', async () => {
    const hung: Capture = () => new Promise<NativePicture>(() => undefined);
    await expect(captureScreen({ x: 0, y: 0, width: 10, height: 10 }, { ...OPTIONS, deadlineMs: 30 }, mac(hung))).rejects.toThrow(
      /did not answer within 30 ms.*try again/,
    );
  });

  it('on macOS refuses an answer whose bytes do not match its size', async () => {
    const damaged: Capture = async () => ({ ...grey(10, 10), rgba: new Uint8Array(10) });
    await expect(captureScreen({ x: 0, y: 0, width: 10, height: 10 }, OPTIONS, mac(damaged))).rejects.toThrow(
      'The picture of the window came back damaged: try again.',
    );
  });

  it('on macOS with an addon that has no capture, and on other systems, says so in a sentence', async () => {
    await expect(captureScreen({ x: 0, y: 0, width: 10, height: 10 }, OPTIONS, mac())).rejects.toThrow(/cannot take pictures of windows in this version/);
    await expect(captureScreen({ x: 0, y: 0, width: 10, height: 10 }, OPTIONS, { os: 'win32' })).rejects.toThrow(/Linux and macOS only/);
  });

  it('a whole picture on the macOS path: the bridge is asked for the app’s window, the password field is filled, the list numbers drawn', async () => {
    const element = (id: number, role: string, name: string, bounds: AxElement['bounds'], states: string[] = []): AxElement =>
      ({ id, role, platformRole: role, name, description: '', value: null, bounds, states, actions: [], parent: null, depth: 0 }) as unknown as AxElement;
    const elements = [
      element(1, 'window', 'Sign in', { x: 200, y: 100, width: 300, height: 200 }, ['active', 'showing', 'visible']),
      element(2, 'password_field', 'Password', { x: 220, y: 150, width: 200, height: 30 }, ['showing', 'visible']),
      element(3, 'button', 'Sign in', { x: 220, y: 220, width: 100, height: 30 }, ['showing', 'visible']),
    ];
    const snapshot = { generation: 1, pid: 4242, app: 'Login', truncated: 'none', elements, elapsedMs: 1 };
    const bridge = { snapshot: async () => snapshot } as never;
    const asked: number[] = [];
    const capture: Capture = async (pid, x, y, width, height) => {
      asked.push(pid);
      return grey(width, height, { x, y, width, height });
    };
    const observation = {
      generation: 1,
      app: 'Login',
      text: '',
      elementIds: new Map([[1, 3]]),
      places: new Map([[1, { role: 'button', label: 'Sign in', bounds: { x: 220, y: 220, width: 100, height: 30 }, actionable: true }]]),
      listed: 1,
      omitted: 0,
      tokenEstimate: 0,
    } as Observation;
    const picture = await takeWindowPicture(
      { bridge, env: {}, ownPids: [], capture: (area, o) => captureScreen(area, o, mac(capture)) },
      { pid: 4242, observation },
    );
    expect(asked).toEqual([4242]);
    expect(picture.area).toEqual({ x: 200, y: 100, width: 300, height: 200 });
    const png = decodePng(picture.png);
    expect([png.width, png.height]).toEqual([300, 200]);
    expect(png.pixel(20 + 100, 50 + 15)).toEqual([...PICTURE_COLOURS.mask]);
    expect(png.pixel(20, 120)).toEqual([...PICTURE_COLOURS.markLabelBack]);
    expect(png.pixel(290, 10)).toEqual([180, 180, 180]);
    expect(picture.masked).toBe(1);
  });
});
