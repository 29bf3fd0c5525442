/**
 * Where a provider's API key may be sent (issue #13). One pure decision, `decideKeyUse`, made
 * before every request that would carry a key (the planners, online transcription, the doctor):
 *
 * - over plain http to a host that is not this computer (127.0.0.0/8, ::1, localhost): never, even
 *   to a server the key was saved for — anyone on the network could read it;
 * - to the provider's official host (api.openai.com, api.anthropic.com): yes;
 * - to the origin the key was saved for (the base URL in use when it was saved): yes;
 * - anywhere else: no, with a sentence that says how to save a key for that server.
 *
 * Only origins are compared (scheme, host, port, as the URL parser normalises them), so a path, a
 * trailing slash or a default port changes nothing, and `https://api.openai.com@evil.example` is
 * evil.example. Nothing here ever sees a key: the sentences name servers and settings only.
 */
import { DEFAULT_ANTHROPIC_BASE_URL, DEFAULT_OPENAI_BASE_URL, LLM_PROVIDER_NAMES, type KeyedProvider } from '../shared/llm-providers.js';

/** The provider's own API host, where its key may always go (over https). */
export const OFFICIAL_KEY_ORIGINS: Readonly<Record<KeyedProvider, string>> = {
  openai: new URL(DEFAULT_OPENAI_BASE_URL).origin,
  anthropic: new URL(DEFAULT_ANTHROPIC_BASE_URL).origin,
};

/** Environment variables that override the saved keys (for scripting). */
export const KEY_ENV_VARS: Readonly<Record<KeyedProvider, string>> = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
};

/**
 * Set beside the key variable, the server a key from the environment is for (the SDKs' own names
 * for a base URL); without it, a key from the environment is for the official host only.
 */
export const KEY_BASE_URL_ENV_VARS: Readonly<Record<KeyedProvider, string>> = {
  anthropic: 'ANTHROPIC_BASE_URL',
  openai: 'OPENAI_BASE_URL',
};

/** Where a key comes from, which decides how the sentence says to change it. */
export type KeyOrigin = 'keychain' | 'environment';

/**
 * True for this computer: 127.0.0.0/8, ::1 and the name localhost. `hostname` is a URL's
 * hostname (the WHATWG parser has already turned `127.1`, `0x7f.0.0.1` and `2130706433` into
 * 127.0.0.1, and `[0:0::1]` into `[::1]`). `localhost.example.com` and IPv4-mapped addresses are
 * not loopback.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]') return true;
  const v4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return v4 !== null && v4.slice(1).every((n) => Number(n) <= 255);
}

/** The origin of an http(s) URL ("https://api.openai.com"), or undefined when it is not one. */
export function httpOrigin(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/** How an origin is named in a sentence: the official host by its name, any other in full. */
export function originLabel(provider: KeyedProvider, origin: string): string {
  return origin === OFFICIAL_KEY_ORIGINS[provider] ? new URL(origin).host : origin;
}

export type KeyRefusal = 'not_http' | 'credentials_in_url' | 'plain_http' | 'other_server';

export type KeyUse =
  /** The key may go with this request, to `origin` only. */
  | { readonly send: true; readonly origin: string }
  /** The key stays home; `message` says why and what to do. */
  | { readonly send: false; readonly reason: KeyRefusal; readonly message: string };

export interface KeyUseQuestion {
  readonly provider: KeyedProvider;
  /** Where the request goes: the base URL in use (only its origin counts). */
  readonly url: string;
  /** The origin the key was saved for; the official origin for a key saved without a base URL. */
  readonly boundTo: string;
  /** Where the key comes from (default: the keychain). */
  readonly source?: KeyOrigin;
  /** The setting the URL comes from, as the sentence names it (default "base URL"). */
  readonly setting?: string;
}

/**
 * Decides whether a provider key may be sent with a request to `url`. Pure: the same question always
 * gets the same answer, and the answer never contains the key (the question does not carry one).
 */
export function decideKeyUse(question: KeyUseQuestion): KeyUse {
  const { provider } = question;
  const name = LLM_PROVIDER_NAMES[provider];
  const setting = question.setting ?? 'base URL';
  const refuse = (reason: KeyRefusal, message: string): KeyUse => ({ send: false, reason, message });
  let u: URL;
  try {
    u = new URL(question.url);
  } catch {
    return refuse('not_http', `The ${setting} is not an http:// or https:// address, so your ${name} key was not sent. Correct the ${setting}.`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return refuse('not_http', `The ${setting} is not an http:// or https:// address, so your ${name} key was not sent. Correct the ${setting}.`);
  }
  // Not quoted: the part before "@" may itself be a secret.
  if (u.username !== '' || u.password !== '') {
    return refuse(
      'credentials_in_url',
      `The ${setting} has a user name or password in it (before "@"), so your ${name} key was not sent. Remove that part of the address.`,
    );
  }
  const origin = u.origin;
  if (u.protocol === 'http:' && !isLoopbackHost(u.hostname)) {
    return refuse(
      'plain_http',
      `The ${setting} ${origin} is plain http to another computer, so your ${name} key was not sent: anyone on the network could read it. Use that server's https:// address (plain http is only for a server on this computer, such as http://127.0.0.1).`,
    );
  }
  if (origin === OFFICIAL_KEY_ORIGINS[provider] || origin === question.boundTo) return { send: true, origin };
  const bound = originLabel(provider, question.boundTo);
  if (question.source === 'environment') {
    return refuse(
      'other_server',
      `Your ${name} key from ${KEY_ENV_VARS[provider]} is for ${bound}, but the ${setting} is ${origin}, so the key was not sent there. Set ${KEY_BASE_URL_ENV_VARS[provider]} to that server's address beside it, or set the ${setting} back.`,
    );
  }
  // Anthropic has no base URL setting: a key for another server is saved naming it.
  const saveOne =
    provider === 'anthropic'
      ? `Save a key for that server with \`assistive-control keys set anthropic --base-url ${origin}\``
      : `Save a key for that server in Settings → API keys (or with \`assistive-control keys set ${provider}\`)`;
  return refuse(
    'other_server',
    `Your ${name} key was saved for ${bound}, but the ${setting} is now ${origin}, so the key was not sent there. ${saveOne}, or set the ${setting} back.`,
  );
}

/**
 * Whether a key may be saved for `baseUrl`: the origin to bind it to, or a sentence. A key is never
 * saved for a server it could not be sent to (plain http to another computer, a user name in the URL).
 */
export function keyBindingFor(
  provider: KeyedProvider,
  baseUrl: string | undefined,
): { readonly ok: true; readonly origin: string } | { readonly ok: false; readonly reason: Exclude<KeyRefusal, 'other_server'>; readonly message: string } {
  if (baseUrl === undefined) return { ok: true, origin: OFFICIAL_KEY_ORIGINS[provider] };
  const use = decideKeyUse({ provider, url: baseUrl, boundTo: OFFICIAL_KEY_ORIGINS[provider] });
  if (use.send) return { ok: true, origin: use.origin };
  if (use.reason === 'other_server') return { ok: true, origin: httpOrigin(baseUrl) as string };
  const name = LLM_PROVIDER_NAMES[provider];
  const why =
    use.reason === 'plain_http'
      ? `${httpOrigin(baseUrl) ?? 'that address'} is plain http to another computer, where anyone on the network could read the key. Use that server's https:// address`
      : use.reason === 'credentials_in_url'
        ? 'the address has a user name or password in it (before "@"). Remove that part'
        : 'that is not an http:// or https:// address. Correct it';
  return { ok: false, reason: use.reason, message: `The ${name} API key was not saved: ${why}, then save the key again.` };
}

/**
 * Wraps the `fetch` a key-carrying client uses so the key cannot travel further than the decision
 * allowed: a request to any other origin is refused before it is sent, and redirects are not
 * followed (fetch would resend custom headers such as Anthropic's x-api-key to the new host).
 */
export function keyBoundFetch(fetchImpl: typeof globalThis.fetch, origin: string): typeof globalThis.fetch {
  return (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (httpOrigin(href) !== origin) {
      return Promise.reject(new TypeError('A request carrying an API key was refused: it was addressed to another server than the one it was checked for.'));
    }
    return fetchImpl(input, { ...init, redirect: 'error' });
  };
}
