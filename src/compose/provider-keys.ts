/**
 * Provider keys between the keychain and the network (issue #13): which server a key saved now is
 * for, and — before any request that would carry one — whether the saved key may go to that
 * request's server (`decideKeyUse`). The planner composer, the speech composer and the doctor all
 * ask `keyForRequest`; none of them hands a key to a client any other way.
 */
import { OFFICIAL_KEY_ORIGINS, decideKeyUse, httpOrigin, keyBindingFor, keyBoundFetch, originLabel, type KeyRefusal } from '../config/key-destination.js';
import type { KeyLookup, KeySource, SaveKeyOptions, SecretStore } from '../config/secret-store.js';
import type { Settings, SettingsStore } from '../config/settings.js';
import type { KeyedProvider } from '../shared/llm-providers.js';

/**
 * The base URL a key saved now is for, from the settings: for OpenAI the planner's base URL — or,
 * when the planner is not OpenAI and online speech recognition is on, the transcription address —
 * and for Anthropic (which has no base URL setting) the official host (undefined).
 */
export function keyBaseUrlFromSettings(provider: KeyedProvider, settings: Settings): string | undefined {
  if (provider === 'anthropic') return undefined;
  return settings.provider !== 'openai' && settings.voice.engine === 'online' ? settings.voice.transcriptionUrl : settings.openaiBaseUrl;
}

/**
 * The secret store as the panel saves keys through it: a key saved without a base URL is bound to
 * the one in the saved settings at that moment ("saved together with its base URL").
 */
export function keysSavedForSettings(settings: Pick<SettingsStore, 'load'>, secrets: SecretStore): SecretStore {
  return {
    getKey: (provider) => secrets.getKey(provider),
    status: (provider) => secrets.status(provider),
    async setKey(provider, key, options: SaveKeyOptions = {}) {
      if (options.baseUrl !== undefined) return secrets.setKey(provider, key, options);
      const baseUrl = keyBaseUrlFromSettings(provider, (await settings.load()).settings);
      if (baseUrl === undefined) return secrets.setKey(provider, key);
      const binding = keyBindingFor(provider, baseUrl);
      if (binding.ok) return secrets.setKey(provider, key, { baseUrl });
      // The address in the settings can never carry a key (plain http to another computer): the
      // key is still saved, for the official host only, and the user is told why.
      const saved = await secrets.setKey(provider, key);
      if (!saved.ok) return saved;
      const why =
        binding.reason === 'plain_http'
          ? `${httpOrigin(baseUrl) ?? 'the address in Settings'} is plain http to another computer, where anyone on the network could read it`
          : 'the address in Settings cannot carry a key';
      return { ok: true, message: `${saved.message} It is sent only to ${originLabel(provider, OFFICIAL_KEY_ORIGINS[provider])}: ${why}.` };
    },
    deleteKey: (provider) => secrets.deleteKey(provider),
    invalidate: (provider) => secrets.invalidate(provider),
  };
}

export type KeyForRequest =
  /** Send this key, through this fetch (which refuses any other server and does not follow redirects). */
  | { readonly kind: 'send'; readonly key: string; readonly source: KeySource; readonly fetch: typeof globalThis.fetch }
  /** A key is saved, but not for this server: it stays home; `message` tells the user what to do. */
  | { readonly kind: 'withheld'; readonly reason: KeyRefusal; readonly message: string }
  /** No key to send (none saved, or the keychain could not be read). */
  | { readonly kind: 'none'; readonly lookup: Extract<KeyLookup, { found: false }> };

export interface KeyRequestOptions {
  /** The fetch the client would use; the one a key travels through is built on it. */
  readonly fetch?: typeof globalThis.fetch;
  /** The setting the URL comes from, as sentences name it ("base URL", "transcription address"). */
  readonly setting?: string;
}

/** The saved key for a request to `url`, if `decideKeyUse` lets it go there. Never throws. */
export async function keyForRequest(
  secrets: Pick<SecretStore, 'getKey'>,
  provider: KeyedProvider,
  url: string,
  options: KeyRequestOptions = {},
): Promise<KeyForRequest> {
  const found = await secrets.getKey(provider);
  if (!found.found) return { kind: 'none', lookup: found };
  const use = decideKeyUse({ provider, url, boundTo: found.boundTo, source: found.source, ...(options.setting ? { setting: options.setting } : {}) });
  if (!use.send) return { kind: 'withheld', reason: use.reason, message: use.message };
  const base = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return { kind: 'send', key: found.key, source: found.source, fetch: keyBoundFetch(base, use.origin) };
}
