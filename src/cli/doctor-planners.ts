/**
 * The doctor's planner checks: is the key saved, does the configured provider answer, and does it
 * accept the key. Each asks the provider's model list through the provider's own module and so its
 * official SDK (`src/providers/{ollama,openai,anthropic}.ts`, loaded for the one checked, so the
 * doctor loads only that provider's SDK); a key goes only where `decideKeyUse` lets it go.
 */
import { OFFICIAL_KEY_ORIGINS, httpOrigin } from '../config/key-destination.js';
import type { KeyStatus } from '../config/secret-store.js';
import type { Settings } from '../config/settings.js';
import { DEFAULT_ANTHROPIC_BASE_URL, type KeyedProvider } from '../shared/llm-providers.js';
import { keyForRequest } from '../compose/provider-keys.js';
import type { CliServices } from './cli-services.js';
import type { CheckResult, DoctorDeps } from './doctor-types.js';

const PROVIDER_NAMES: Readonly<Record<KeyedProvider | 'ollama', string>> = { ollama: 'Ollama', anthropic: 'Anthropic', openai: 'OpenAI-compatible server' };

function describeKey(provider: KeyedProvider, status: KeyStatus): string {
  if (status.saved) {
    const where = status.source === 'environment' ? 'Key set in the environment' : 'Key saved in the keychain';
    return status.boundTo === OFFICIAL_KEY_ORIGINS[provider] ? `${where}.` : `${where}, for ${status.boundTo}.`;
  }
  switch (status.problem) {
    case 'not_saved':
      return 'No key saved.';
    case 'locked':
      return 'The keychain is locked.';
    case 'no_service':
      return 'There is no keychain service.';
    case 'timeout':
      return 'The keychain did not answer.';
    case 'error':
      return 'The keychain gave an error.';
  }
}

export async function checkKey(services: CliServices, settings: Settings, provider: KeyedProvider): Promise<CheckResult> {
  const id = `keychain.${provider}`;
  const title = `Keychain: ${PROVIDER_NAMES[provider]} key`;
  const status = await services.secrets.status(provider);
  const detail = describeKey(provider, status);
  if (status.saved) return { id, title, status: 'ok', detail };
  const used = settings.provider === provider;
  if (!used) return { id, title, status: 'not_applicable', detail: `${detail} Not needed: the planner is ${settings.provider}.` };
  const fix = status.problem === 'not_saved' ? `Save one with "assistive-control keys set ${provider}".` : status.message;
  return { id, title, status: 'problem', detail, fix };
}

/** A provider check that found a problem, and its fix. */
function problem(title: string, detail: string, fix: string): CheckResult {
  return { id: 'provider', title, status: 'problem', detail, fix };
}

function unreachable(name: string, url: string, reason: string, start: string): CheckResult {
  return problem(`AI planner: ${name}`, `Nothing answers at ${url} (${reason.slice(0, 120)}).`, start);
}

export async function checkOllama(deps: DoctorDeps, settings: Settings, signal: AbortSignal): Promise<CheckResult> {
  const title = 'AI planner: Ollama';
  const base = settings.ollamaUrl.replace(/\/+$/, '');
  const model = settings.models.ollama;
  const { probeOllama } = await import('../providers/ollama.js');
  const answer = await probeOllama({ baseURL: base, fetch: deps.fetch, signal });
  if (answer.kind === 'unreachable') {
    return unreachable('Ollama', base, answer.reason, `Start Ollama ("ollama serve"), or set its address with "assistive-control config set ollamaUrl <url>".`);
  }
  if (answer.kind === 'status') {
    return problem(
      title,
      `${base} answered HTTP ${answer.status}, not as Ollama does.`,
      'Check that the Ollama address in "assistive-control config show" is Ollama’s.',
    );
  }
  const pulled = answer.models.some((n) => n === model || n === `${model}:latest` || `${n}:latest` === model);
  if (!pulled) {
    return problem(
      title,
      `Ollama answers at ${base}, but the model “${model}” is not pulled.`,
      `Run "ollama pull ${model}", or choose a pulled model with "assistive-control config set models.ollama <model>".`,
    );
  }
  return { id: 'provider', title, status: 'ok', detail: `Ollama answers at ${base} and the model “${model}” is pulled.` };
}

export async function checkOpenAi(deps: DoctorDeps, services: CliServices, settings: Settings, signal: AbortSignal): Promise<CheckResult> {
  const title = 'AI planner: OpenAI-compatible server';
  const base = settings.openaiBaseUrl.replace(/\/+$/, '');
  // A self-hosted server usually needs no key: it is checked without one when none may go there.
  const official = httpOrigin(base) === OFFICIAL_KEY_ORIGINS.openai;
  const key = await keyForRequest(services.secrets, 'openai', base, { fetch: deps.fetch });
  if (key.kind === 'none' && official) {
    return problem(
      title,
      'The server cannot be checked without a key.',
      key.lookup.problem === 'not_saved' ? 'Save one with "assistive-control keys set openai".' : key.lookup.message,
    );
  }
  if (key.kind === 'withheld' && official) return problem(title, 'The saved key was not sent.', key.message);
  const { probeOpenAI } = await import('../providers/openai.js');
  const answer = await probeOpenAI(
    key.kind === 'send' ? { baseURL: base, apiKey: key.key, fetch: key.fetch, signal } : { baseURL: base, fetch: deps.fetch, signal },
  );
  if (answer.kind === 'unreachable') {
    return unreachable(
      'OpenAI-compatible server',
      base,
      answer.reason,
      'Check the address with "assistive-control config show" (openaiBaseUrl) and that the server is running.',
    );
  }
  if (answer.kind === 'status' && (answer.status === 401 || answer.status === 403)) {
    if (key.kind === 'withheld') return problem(title, `${base} wants an API key (HTTP ${answer.status}), and the saved one was not sent there.`, key.message);
    if (key.kind === 'none')
      return problem(
        title,
        `${base} wants an API key (HTTP ${answer.status}).`,
        'Save one for it with "assistive-control keys set openai" (a key is saved for the base URL in the settings).',
      );
    return problem(title, `${base} refused the saved key (HTTP ${answer.status}).`, 'Save a valid key with "assistive-control keys set openai".');
  }
  if (answer.kind === 'status') {
    return problem(
      title,
      `${base} answered HTTP ${answer.status} to the model list.`,
      'Check the address with "assistive-control config show" (openaiBaseUrl): it should end in /v1.',
    );
  }
  const ids = answer.models;
  const model = settings.models.openai;
  if (ids.length > 0 && !ids.includes(model)) {
    return problem(
      title,
      `${base} answers, but does not offer the model “${model}”.`,
      `Choose one it offers (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''}) with "assistive-control config set models.openai <model>".`,
    );
  }
  if (key.kind === 'send') return { id: 'provider', title, status: 'ok', detail: `${base} answers and accepts the key.` };
  const why = key.kind === 'withheld' ? ` The saved key is not sent there: ${key.message}` : '';
  return { id: 'provider', title, status: 'ok', detail: `${base} answers without a key.${why}` };
}

export async function checkAnthropic(deps: DoctorDeps, services: CliServices, env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<CheckResult> {
  const title = 'AI planner: Anthropic';
  // The model list is free; a message would cost tokens. ANTHROPIC_BASE_URL is honoured as the SDK does.
  const base = (env.ANTHROPIC_BASE_URL || DEFAULT_ANTHROPIC_BASE_URL).replace(/\/+$/, '');
  const key = await keyForRequest(services.secrets, 'anthropic', base, { fetch: deps.fetch });
  if (key.kind === 'none')
    return problem(title, 'No key to use.', key.lookup.problem === 'not_saved' ? 'Save one with "assistive-control keys set anthropic".' : key.lookup.message);
  if (key.kind === 'withheld') return problem(title, 'The saved key was not sent.', key.message);
  const { probeAnthropic } = await import('../providers/anthropic.js');
  const answer = await probeAnthropic({ baseURL: base, apiKey: key.key, fetch: key.fetch, signal });
  if (answer.kind === 'unreachable')
    return unreachable('Anthropic', base, answer.reason, 'Check the internet connection (and a proxy, if you use one), then run the doctor again.');
  if (answer.kind === 'status' && (answer.status === 401 || answer.status === 403)) {
    return problem(title, `Anthropic refused the saved key (HTTP ${answer.status}).`, 'Save a valid key with "assistive-control keys set anthropic".');
  }
  if (answer.kind === 'status')
    return problem(title, `Anthropic answered HTTP ${answer.status}.`, 'Try again in a moment; if it stays, check status.anthropic.com.');
  return { id: 'provider', title, status: 'ok', detail: 'Anthropic answers and accepts the key.' };
}
