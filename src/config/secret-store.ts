/**
 * Provider API keys in the OS keychain (macOS Keychain, Linux Secret Service, Windows Credential
 * Manager) through @napi-rs/keyring, with the environment as an override for scripting.
 *
 * Service `com.assistivecontrol.app`, one account per provider. Each key is bound to the server it
 * was saved for (issue #13, `key-destination.ts`): an entry that holds just the key is for the
 * provider's official host — as is every key saved before keys had a binding; a key saved for
 * another server is stored as one small JSON record `{"v":1,"origin":…,"key":…}` in the same entry,
 * so a key and its binding are written in one keychain call and can never disagree. On Linux the entry is pinned to the
 * Secret Service: unpinned, the library silently falls back to the kernel keyring when there is no
 * D-Bus session, and a key saved there vanishes at logout. A key leaves this module only through
 * `getKey`, which composers call to build a provider; everything a UI can see (`status`) says saved
 * or not saved, and why not. Lookups are cached per store, so a session asks the keychain once per
 * provider (on macOS each access may show a prompt).
 */
import { LLM_PROVIDER_NAMES, type KeyedProvider } from '../shared/llm-providers.js';
import { KEY_BASE_URL_ENV_VARS, KEY_ENV_VARS, OFFICIAL_KEY_ORIGINS, httpOrigin, keyBindingFor, originLabel } from './key-destination.js';
import { errorMessage } from '../shared/errors.js';

export { KEY_ENV_VARS } from './key-destination.js';

export const KEYCHAIN_SERVICE = 'com.assistivecontrol.app';

/** The keychain operations, one account per provider. The real one is `napiKeyringBackend`. */
export interface KeyringBackend {
  get(account: string, signal: AbortSignal): Promise<string | null>;
  set(account: string, secret: string, signal: AbortSignal): Promise<void>;
  delete(account: string, signal: AbortSignal): Promise<boolean>;
}

export type KeyProblem = 'not_saved' | 'locked' | 'no_service' | 'timeout' | 'error';
export type KeySource = 'environment' | 'keychain';

export type KeyLookup =
  | {
      readonly found: true;
      readonly key: string;
      readonly source: KeySource;
      /** The origin the key was saved for (the official host's when it was saved without one). */
      readonly boundTo: string;
    }
  | { readonly found: false; readonly problem: KeyProblem; readonly message: string };

/** What a UI may learn about a key: never the key. */
export type KeyStatus =
  | { readonly saved: true; readonly source: KeySource; readonly boundTo: string }
  | { readonly saved: false; readonly problem: KeyProblem; readonly message: string };

export type SecretResult =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly problem: Exclude<KeyProblem, 'not_saved'> | 'invalid_key' | 'bad_base_url'; readonly message: string };

export interface SaveKeyOptions {
  /**
   * The base URL the key is for. Omitted, or the provider's official one: the official host. The
   * key is then sent only there and to the official host (see `decideKeyUse`).
   */
  readonly baseUrl?: string;
}

export interface SecretStore {
  /** For composers only: the key to hand to a provider, or why there is none. Check `boundTo` with `decideKeyUse` before sending it. */
  getKey(provider: KeyedProvider): Promise<KeyLookup>;
  status(provider: KeyedProvider): Promise<KeyStatus>;
  setKey(provider: KeyedProvider, key: string, options?: SaveKeyOptions): Promise<SecretResult>;
  deleteKey(provider: KeyedProvider): Promise<SecretResult>;
  /** Drops cached lookups (e.g. after the provider rejected the key, or another process changed it). */
  invalidate(provider?: KeyedProvider): void;
}

export interface SecretStoreOptions {
  readonly backend: KeyringBackend;
  /** The environment to read overrides from (inject `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly platform?: NodeJS.Platform;
  /** How long one keychain call may take; an unlock prompt may be waiting for the user. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const KEY_MAX = 1_000;

/** The real backend: @napi-rs/keyring, loaded on first use so a missing native binary is a message, not a crash. */
export function napiKeyringBackend(service: string = KEYCHAIN_SERVICE): KeyringBackend {
  type Lib = typeof import('@napi-rs/keyring');
  let lib: Promise<Lib> | undefined;
  const entry = async (account: string) => {
    lib ??= import('@napi-rs/keyring');
    const { AsyncEntry } = await lib;
    // Pinned: see the module comment. The option is ignored on macOS and Windows.
    return new AsyncEntry(service, account, { linux: { store: 'secret-service' } });
  };
  return {
    async get(account, signal) {
      // getSecret, not getPassword: getPassword answers null for a locked keyring as for a missing key.
      const bytes = await (await entry(account)).getSecret(signal);
      return bytes === null ? null : Buffer.from(bytes).toString('utf8');
    },
    async set(account, secret, signal) {
      await (await entry(account)).setPassword(secret, signal);
    },
    async delete(account, signal) {
      return (await entry(account)).deleteCredential(signal);
    },
  };
}

/** Sorts a keychain failure into the three situations a user can do something about. */
export function classifyKeyringError(e: unknown): Exclude<KeyProblem, 'not_saved'> {
  const text = [e, (e as { cause?: unknown })?.cause, (e as { cause?: { cause?: unknown } })?.cause?.cause]
    .map((x) => (x instanceof Error ? `${x.name} ${x.message}` : typeof x === 'string' ? x : ''))
    .join(' | ');
  if (/AbortError|TimeoutError|aborted/i.test(text)) return 'timeout';
  if (/prompt was dismissed|is locked|locked collection|User canceled|interaction (is )?not allowed|errSecInteractionNotAllowed|-25308/i.test(text)) {
    return 'locked';
  }
  if (
    /DBus error|D-Bus|Failed to connect to socket|not provided by any \.service files|ServiceUnknown|org\.freedesktop\.secrets|No such file or directory|Cannot find module|native binding|keychain (is )?not (found|available)|errSecNoSuchKeychain|-25294|-25291/i.test(
      text,
    )
  ) {
    return 'no_service';
  }
  return 'error';
}

function problemMessage(problem: KeyProblem, provider: KeyedProvider, platform: NodeJS.Platform, timeoutMs: number, detail = ''): string {
  const name = LLM_PROVIDER_NAMES[provider];
  const envVar = KEY_ENV_VARS[provider];
  const mac = platform === 'darwin';
  switch (problem) {
    case 'not_saved':
      return `No ${name} API key is saved. Save one with \`assistive-control keys set ${provider}\` (paste the key, then press Enter) or in the panel's Settings → API keys; or set ${envVar} in the environment.`;
    case 'locked':
      return mac
        ? `Your keychain is locked, so the ${name} API key can't be used. Unlock the login keychain (log in again, or open Keychain Access), then try again.`
        : `Your keyring is locked, so the ${name} API key can't be used. Unlock the "Login" keyring (log in again, or open Passwords and Keys), then try again.`;
    case 'no_service':
      return mac
        ? `The macOS Keychain could not be reached, so API keys can't be saved or read. Set ${envVar} in the environment instead, or restart the computer and try again.`
        : `No keychain service is running, so API keys can't be saved or read. Install and start a Secret Service (GNOME Keyring or KeePassXC), or set ${envVar} in the environment.`;
    case 'timeout':
      return `The keychain did not answer within ${Math.round(timeoutMs / 1000)} seconds (an unlock prompt may be waiting). Answer the prompt, then try again.`;
    case 'error':
      return `The keychain refused the request${detail ? ` (${detail})` : ''}. Try again; if it keeps happening, set ${envVar} in the environment instead.`;
  }
}

function shortDetail(e: unknown): string {
  const text = errorMessage(e);
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}

/** Checks a pasted key before it is saved. Returns a message when it cannot be right. */
export function checkKeyText(provider: KeyedProvider, key: string): string | undefined {
  const name = LLM_PROVIDER_NAMES[provider];
  if (key.length === 0) return `No key was given. Paste the ${name} API key, then press Enter.`;
  if (key.length > KEY_MAX) return `That is ${key.length} characters long, far longer than an API key; nothing was saved. Paste only the key.`;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(key)) return `An API key has no spaces or line breaks inside; nothing was saved. Paste only the key, on one line.`;
  return undefined;
}

/** The keychain entry's text for a key bound to `origin`: the bare key for the official host. */
export function keychainEntry(provider: KeyedProvider, key: string, origin: string): string {
  return origin === OFFICIAL_KEY_ORIGINS[provider] ? key : JSON.stringify({ v: 1, origin, key });
}

/** Reads a keychain entry back: a bare key (every key saved before bindings) is for the official host. */
export function readKeychainEntry(provider: KeyedProvider, text: string): { readonly key: string; readonly boundTo: string } {
  if (text.startsWith('{')) {
    try {
      const record = JSON.parse(text) as { v?: unknown; origin?: unknown; key?: unknown };
      if (record.v === 1 && typeof record.key === 'string' && typeof record.origin === 'string') {
        const origin = httpOrigin(record.origin);
        // A record whose origin cannot be read binds the key to nowhere but the official host.
        return { key: record.key, boundTo: origin === record.origin ? origin : OFFICIAL_KEY_ORIGINS[provider] };
      }
    } catch {
      // Not a record: a key that happens to start with "{".
    }
  }
  return { key: text, boundTo: OFFICIAL_KEY_ORIGINS[provider] };
}

export function createSecretStore(options: SecretStoreOptions): SecretStore {
  const env = options.env ?? {};
  const platform = options.platform ?? 'linux';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const cache = new Map<KeyedProvider, Promise<KeyLookup>>();

  function fromEnvironment(provider: KeyedProvider): string | undefined {
    const value = env[KEY_ENV_VARS[provider]]?.trim();
    return value ? value : undefined;
  }

  /** A key from the environment is for the base URL set beside it, or for the official host. */
  function environmentBinding(provider: KeyedProvider): string {
    const beside = env[KEY_BASE_URL_ENV_VARS[provider]]?.trim();
    return (beside ? httpOrigin(beside) : undefined) ?? OFFICIAL_KEY_ORIGINS[provider];
  }

  async function call<T>(run: (signal: AbortSignal) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      // Raced against the signal too: a native call that ignores it still cannot hang the caller.
      const value = await new Promise<T>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        run(signal).then(resolve, reject);
      });
      return { ok: true, value };
    } catch (error) {
      return { ok: false, error };
    }
  }

  async function lookup(provider: KeyedProvider): Promise<KeyLookup> {
    const result = await call((signal) => options.backend.get(provider, signal));
    if (result.ok) {
      if (result.value === null || result.value === '')
        return { found: false, problem: 'not_saved', message: problemMessage('not_saved', provider, platform, timeoutMs) };
      const entry = readKeychainEntry(provider, result.value);
      return entry.key === ''
        ? { found: false, problem: 'not_saved', message: problemMessage('not_saved', provider, platform, timeoutMs) }
        : { found: true, key: entry.key, source: 'keychain', boundTo: entry.boundTo };
    }
    const problem = classifyKeyringError(result.error);
    return { found: false, problem, message: problemMessage(problem, provider, platform, timeoutMs, shortDetail(result.error)) };
  }

  async function getKey(provider: KeyedProvider): Promise<KeyLookup> {
    const fromEnv = fromEnvironment(provider);
    if (fromEnv) return { found: true, key: fromEnv, source: 'environment', boundTo: environmentBinding(provider) };
    let pending = cache.get(provider);
    if (!pending) {
      pending = lookup(provider);
      cache.set(provider, pending);
      // Failures are not cached: the user may unlock the keyring and try again at once.
      pending.then(
        (r) => {
          if (!r.found && r.problem !== 'not_saved') cache.delete(provider);
        },
        () => cache.delete(provider),
      );
    }
    return pending;
  }

  return {
    getKey,
    async status(provider) {
      const found = await getKey(provider);
      return found.found ? { saved: true, source: found.source, boundTo: found.boundTo } : { saved: false, problem: found.problem, message: found.message };
    },
    async setKey(provider, rawKey, saveOptions = {}) {
      const key = rawKey.trim();
      const invalid = checkKeyText(provider, key);
      if (invalid) return { ok: false, problem: 'invalid_key', message: invalid };
      const binding = keyBindingFor(provider, saveOptions.baseUrl);
      if (!binding.ok) return { ok: false, problem: 'bad_base_url', message: binding.message };
      const boundTo = binding.origin;
      cache.delete(provider);
      const result = await call((signal) => options.backend.set(provider, keychainEntry(provider, key, boundTo), signal));
      if (!result.ok) {
        const problem = classifyKeyringError(result.error);
        return { ok: false, problem, message: problemMessage(problem, provider, platform, timeoutMs, shortDetail(result.error)) };
      }
      cache.set(provider, Promise.resolve({ found: true, key, source: 'keychain', boundTo }));
      const shadowed = fromEnvironment(provider) ? ` Note: ${KEY_ENV_VARS[provider]} is set in this environment and is used instead while it is set.` : '';
      const official = OFFICIAL_KEY_ORIGINS[provider];
      const where = boundTo === official ? '' : `, for ${boundTo}: it is sent there and to ${originLabel(provider, official)}, nowhere else`;
      return { ok: true, message: `The ${LLM_PROVIDER_NAMES[provider]} API key is saved in the keychain${where}.${shadowed}` };
    },
    async deleteKey(provider) {
      cache.delete(provider);
      const result = await call((signal) => options.backend.delete(provider, signal));
      if (!result.ok) {
        const problem = classifyKeyringError(result.error);
        return { ok: false, problem, message: problemMessage(problem, provider, platform, timeoutMs, shortDetail(result.error)) };
      }
      const name = LLM_PROVIDER_NAMES[provider];
      const shadowed = fromEnvironment(provider) ? ` ${KEY_ENV_VARS[provider]} is still set in this environment and is still used.` : '';
      return {
        ok: true,
        message: `${result.value ? `The ${name} API key was removed from the keychain.` : `No ${name} API key was saved; nothing to remove.`}${shadowed}`,
      };
    },
    invalidate(provider) {
      if (provider) cache.delete(provider);
      else cache.clear();
    },
  };
}
