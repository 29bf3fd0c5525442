/**
 * A small stand-in for the `electron` module (no Electron binary runs here), used through
 * vi.mock('electron'). It records what the shell asks of Electron and replays Electron's documented
 * order of events (web-contents-created when a window is built; before-quit, window close, then the
 * preventable will-quit on quit). It decides nothing itself: the assertions are about the shell.
 */
import { EventEmitter } from 'node:events';
import { FakeChild, holdNothing, type HoldKeys } from './fake-core-child.js';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class FakeSession {
  requestHandler: ((wc: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
  checkHandler: ((wc: unknown, permission: string) => boolean) | undefined;
  setPermissionRequestHandler(h: FakeSession['requestHandler']): void {
    this.requestHandler = h;
  }
  setPermissionCheckHandler(h: FakeSession['checkHandler']): void {
    this.checkHandler = h;
  }
}

export class FakeWebContents extends EventEmitter {
  url = '';
  readonly mainFrame = { url: '' };
  readonly sent: [string, unknown][] = [];
  windowOpenHandler: ((details: unknown) => unknown) | undefined;
  constructor(readonly session: FakeSession) {
    super();
  }
  getURL(): string {
    return this.url;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push([channel, payload]);
  }
  isDestroyed(): boolean {
    return false;
  }
  setWindowOpenHandler(h: (details: unknown) => unknown): void {
    this.windowOpenHandler = h;
  }
}

export interface FakeState {
  lock: boolean;
  sandboxed: number;
  quitRequests: number;
  quit: boolean;
  activationPolicy: string[];
  dockHidden: number;
  userData: string;
  /** The userData folder when the single-instance lock was asked for (the lock lives in it). */
  userDataAtLock: string | undefined;
  /** The ozone-platform switch as Electron resolved it before the main script ran. */
  ozonePlatform: string;
  relaunches: unknown[];
  exitCodes: number[];
  /** Desktop notifications shown, and whether the desktop has a notification server. */
  notifications: { title: string; body: string }[];
  notificationsSupported: boolean;
  loginItems: unknown[];
  taken: Set<string>;
  shortcuts: Map<string, () => void>;
  windows: FakeBrowserWindow[];
  trays: FakeTray[];
  privileged: unknown[];
  protocolHandlers: Map<string, (request: Request) => Promise<Response>>;
  ipcHandlers: Map<string, (event: unknown, ...args: unknown[]) => unknown>;
  forks: FakeChild[];
  /** How the cores forked from now on answer a switch-key hold (default: they can hold nothing). */
  holdKeys: HoldKeys;
  displays: { workArea: Rect; bounds: Rect }[];
  opened: string[];
  session: FakeSession;
  /** Every Menu.setApplicationMenu call's menu (null: no menu at all), in order. */
  applicationMenus: unknown[];
}

export class FakeBrowserWindow extends EventEmitter {
  readonly webContents: FakeWebContents;
  visible = false;
  focused = false;
  bounds: Rect;
  readonly alwaysOnTopCalls: unknown[][] = [];
  readonly workspaceCalls: unknown[][] = [];
  /** setIgnoreMouseEvents calls (click-through windows). */
  readonly ignoreMouseCalls: unknown[][] = [];
  /** Shown without taking the focus (showInactive). */
  shownInactive = 0;
  destroyed = false;
  constructor(
    readonly options: Record<string, unknown> & Partial<Rect>,
    private readonly electron: FakeElectron,
  ) {
    super();
    this.webContents = new FakeWebContents(electron.state.session);
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? 800, height: options.height ?? 600 };
    electron.state.windows.push(this);
    electron.app.emit('web-contents-created', {}, this.webContents);
  }
  show(): void {
    this.visible = true;
    this.emit('show');
  }
  hide(): void {
    this.visible = false;
    this.focused = false;
    this.emit('hide');
  }
  focus(): void {
    this.focused = true;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isFocused(): boolean {
    return this.focused;
  }
  /** What happens when the user clicks into another app. */
  blur(): void {
    this.focused = false;
    this.emit('blur');
  }
  isMinimized(): boolean {
    return false;
  }
  restore(): void {}
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
  }
  showInactive(): void {
    this.visible = true;
    this.shownInactive++;
    this.emit('show');
  }
  setIgnoreMouseEvents(...args: unknown[]): void {
    this.ignoreMouseCalls.push(args);
  }
  setBounds(bounds: Rect): void {
    this.bounds = { ...bounds };
  }
  getBounds(): Rect {
    return { ...this.bounds };
  }
  /** What the user does by dragging the title bar. */
  moveTo(x: number, y: number): void {
    this.bounds = { ...this.bounds, x, y };
    this.emit('moved');
  }
  setAlwaysOnTop(...args: unknown[]): void {
    this.alwaysOnTopCalls.push(args);
  }
  setVisibleOnAllWorkspaces(...args: unknown[]): void {
    this.workspaceCalls.push(args);
  }
  async loadURL(url: string): Promise<void> {
    this.webContents.url = url;
    this.webContents.mainFrame.url = url;
    this.webContents.emit('did-finish-load');
  }
  /** Electron's close: listeners may prevent it. */
  close(): boolean {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    return !prevented;
  }
}

export class FakeTray extends EventEmitter {
  tooltip = '';
  readonly contextMenus: { items: { label?: string; type?: string; click?: () => void }[] }[] = [];
  readonly popUps: unknown[] = [];
  constructor(readonly image: FakeImage) {
    super();
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setContextMenu(menu: FakeTray['contextMenus'][number]): void {
    this.contextMenus.push(menu);
  }
  popUpContextMenu(menu: unknown): void {
    this.popUps.push(menu);
  }
  isDestroyed(): boolean {
    return false;
  }
}

export class FakeImage {
  template = false;
  constructor(readonly path: string) {}
  setTemplateImage(value: boolean): void {
    this.template = value;
  }
}

function freshState(): FakeState {
  return {
    lock: true,
    sandboxed: 0,
    quitRequests: 0,
    quit: false,
    activationPolicy: [],
    dockHidden: 0,
    userData: '',
    userDataAtLock: undefined,
    ozonePlatform: '',
    relaunches: [],
    exitCodes: [],
    notifications: [],
    notificationsSupported: true,
    loginItems: [],
    taken: new Set(),
    shortcuts: new Map(),
    windows: [],
    trays: [],
    privileged: [],
    protocolHandlers: new Map(),
    ipcHandlers: new Map(),
    forks: [],
    holdKeys: holdNothing,
    displays: [{ workArea: { x: 0, y: 25, width: 1440, height: 875 }, bounds: { x: 0, y: 0, width: 1440, height: 900 } }],
    opened: [],
    session: new FakeSession(),
    applicationMenus: [],
  };
}

export class FakeElectron {
  state: FakeState = freshState();
  readonly app = this.createApp();

  /** A fresh state, and an app with no listeners, run unpackaged (the module object itself stays the same). */
  reset(): void {
    this.state = freshState();
    this.app.removeAllListeners();
    this.app.isPackaged = false;
  }

  private createApp() {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the fake app reads the current state.
    const electron = this;
    const app = Object.assign(new EventEmitter(), {
      /** `electron .` (false) or the installed app (true); a test sets it. */
      isPackaged: false as boolean,
      getAppPath: () => '/app',
      enableSandbox: () => electron.state.sandboxed++,
      requestSingleInstanceLock: () => {
        electron.state.userDataAtLock = electron.state.userData;
        return electron.state.lock;
      },
      commandLine: { getSwitchValue: (name: string) => (name === 'ozone-platform' ? electron.state.ozonePlatform : '') },
      relaunch: (options: unknown) => electron.state.relaunches.push(options),
      exit: (code = 0) => electron.state.exitCodes.push(code),
      whenReady: () => Promise.resolve(),
      setActivationPolicy: (policy: string) => electron.state.activationPolicy.push(policy),
      dock: { hide: () => electron.state.dockHidden++ },
      getPath: (name: string) => {
        if (name !== 'userData') throw new Error(`unexpected path ${name}`);
        // Electron's default would be a folder of this machine: the shell must have set its own.
        if (!electron.state.userData) throw new Error('userData was read before the shell set it');
        return electron.state.userData;
      },
      setPath: (name: string, path: string) => {
        if (name !== 'userData') throw new Error(`unexpected path ${name}`);
        electron.state.userData = path;
      },
      setLoginItemSettings: (settings: unknown) => electron.state.loginItems.push(settings),
      quit: () => {
        electron.state.quitRequests++;
        app.emit('before-quit');
        for (const w of electron.state.windows) if (!w.close()) return;
        let prevented = false;
        app.emit('will-quit', { preventDefault: () => (prevented = true) });
        if (!prevented) electron.state.quit = true;
      },
    });
    return app;
  }

  /** The module object vi.mock('electron') returns: each name reads the current state. */
  module(): Record<string, unknown> {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the module's getters read the current state.
    const electron = this;
    return {
      get app() {
        return electron.app;
      },
      BrowserWindow: class extends FakeBrowserWindow {
        constructor(options: Record<string, unknown>) {
          super(options, electron);
        }
      },
      Tray: class extends FakeTray {
        constructor(image: FakeImage) {
          super(image);
          electron.state.trays.push(this);
        }
      },
      Notification: class {
        static isSupported(): boolean {
          return electron.state.notificationsSupported;
        }
        constructor(private readonly options: { title: string; body: string }) {}
        show(): void {
          electron.state.notifications.push({ title: this.options.title, body: this.options.body });
        }
      },
      Menu: {
        buildFromTemplate: (items: unknown[]) => ({ items }),
        setApplicationMenu: (menu: unknown) => electron.state.applicationMenus.push(menu),
      },
      nativeImage: { createFromPath: (path: string) => new FakeImage(path) },
      globalShortcut: {
        register: (accelerator: string, callback: () => void) => {
          // A key alone is an accelerator too (Space, Enter, a digit); a modifier alone is not.
          if (!/^(?:[A-Za-z]+\+)+\w+$|^F\d+$|^(?:Escape|Space|Enter|\d)$/.test(accelerator)) throw new TypeError('conversion failure');
          if (electron.state.taken.has(accelerator) || electron.state.shortcuts.has(accelerator)) return false;
          electron.state.shortcuts.set(accelerator, callback);
          return true;
        },
        unregister: (accelerator: string) => electron.state.shortcuts.delete(accelerator),
      },
      protocol: {
        registerSchemesAsPrivileged: (schemes: unknown[]) => electron.state.privileged.push(...schemes),
        handle: (scheme: string, handler: (request: Request) => Promise<Response>) => electron.state.protocolHandlers.set(scheme, handler),
      },
      screen: {
        getAllDisplays: () => electron.state.displays,
        getPrimaryDisplay: () => electron.state.displays[0],
        // The display holding the rectangle's centre, else the first (Electron picks the largest overlap).
        getDisplayMatching: (r: Rect) =>
          electron.state.displays.find(
            (d) =>
              r.x + r.width / 2 >= d.bounds.x &&
              r.x + r.width / 2 < d.bounds.x + d.bounds.width &&
              r.y + r.height / 2 >= d.bounds.y &&
              r.y + r.height / 2 < d.bounds.y + d.bounds.height,
          ) ?? electron.state.displays[0],
      },
      ipcMain: {
        handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => electron.state.ipcHandlers.set(channel, handler),
        removeHandler: (channel: string) => electron.state.ipcHandlers.delete(channel),
      },
      utilityProcess: {
        fork: (entry: string, _args: unknown, options: unknown) => {
          const child = new FakeChild(entry, options, electron.state.holdKeys);
          electron.state.forks.push(child);
          return child;
        },
      },
      systemPreferences: { getMediaAccessStatus: () => 'granted', isTrustedAccessibilityClient: () => false },
      shell: {
        openExternal: async (url: string) => {
          electron.state.opened.push(url);
        },
      },
    };
  }
}
