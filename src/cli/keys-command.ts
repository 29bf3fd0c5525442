/**
 * `assistive-control keys set|status|delete`: provider API keys in the OS keychain.
 *
 * The key is read from stdin (without echo on a terminal), never from an argument. Nothing this
 * command prints ever contains a key: `status` says saved or not saved, and why. A key is saved for
 * one server (issue #13): the one `--base-url` names, else the base URL in the settings (OpenAI) or
 * the official host (Anthropic), and is sent nowhere but there and the provider's official host.
 */
import { KEYED_PROVIDERS, LLM_PROVIDER_NAMES, isKeyedProvider, type KeyedProvider } from '../shared/llm-providers.js';
import { OFFICIAL_KEY_ORIGINS, keyBindingFor } from '../config/key-destination.js';
import { KEY_ENV_VARS, type KeyStatus } from '../config/secret-store.js';
import { keysSavedForSettings } from '../compose/provider-keys.js';
import type { CliCommand, CliIo } from './cli-io.js';
import { defaultCliServices, type CliServicesFactory } from './cli-services.js';
import { EXIT } from './exit-codes.js';
import { parseCommandArgs } from './parse-command-args.js';
import { readSecret } from './read-secret.js';

const USAGE = `Usage: assistive-control keys set <anthropic|openai> [--base-url <url>] [--json]
       assistive-control keys status [--json]
       assistive-control keys delete <anthropic|openai> [--json]

Saves, checks or removes a provider's API key in the system keychain (macOS Keychain, GNOME
Keyring or another Secret Service on Linux). "keys set" reads the key from the keyboard without
showing it, or from a pipe: pbpaste | assistive-control keys set openai
A key is saved for one server, and sent only there and to the provider's own (api.openai.com,
api.anthropic.com): the one --base-url names, else the OpenAI base URL in the settings (for
openai) or the provider's own. Plain http is refused but for a server on this computer.
${KEYED_PROVIDERS.map((p) => `${KEY_ENV_VARS[p]}`).join(' and ')} in the environment override saved keys.

Exit codes: 0 done, 1 the keychain failed, 2 usage error, 130 cancelled.`;

function providerArg(value: string | undefined, io: CliIo): KeyedProvider | undefined {
  if (value === undefined) {
    io.stderr.write(`Say which provider: anthropic or openai.\n\n${USAGE}\n`);
    return undefined;
  }
  const name = value.toLowerCase();
  if (name === 'ollama') {
    io.stderr.write('Ollama runs on this computer and needs no API key.\n');
    return undefined;
  }
  if (!isKeyedProvider(name)) {
    // Not echoed: a key pasted in place of the provider name must not reach the terminal's scrollback.
    io.stderr.write('That is not a provider name: use anthropic or openai.\n');
    return undefined;
  }
  return name;
}

function statusLine(provider: KeyedProvider, status: KeyStatus): string {
  const name = LLM_PROVIDER_NAMES[provider];
  if (status.saved) {
    const where = status.boundTo === OFFICIAL_KEY_ORIGINS[provider] ? '' : `, for ${status.boundTo}`;
    return `${name}: saved${status.source === 'environment' ? ` (from ${KEY_ENV_VARS[provider]} in the environment)` : ' (keychain)'}${where}`;
  }
  if (status.problem === 'not_saved') return `${name}: not saved — run \`assistive-control keys set ${provider}\``;
  return `${name}: can't check — ${status.message}`;
}

export function createKeysCommand(services: CliServicesFactory = defaultCliServices): CliCommand {
  return {
    name: 'keys',
    usage: USAGE,
    async run(args, io) {
      // Quiet: never echo the arguments back, one of them may be a key typed in the wrong place.
      const parsed = parseCommandArgs(args, io, USAGE, { 'base-url': { type: 'string' } }, { quiet: true });
      if ('exit' in parsed) return parsed.exit;
      const [action, providerName, ...extra] = parsed.positionals;
      const baseUrl = parsed.values['base-url'];
      if (baseUrl !== undefined && action !== 'set') {
        io.stderr.write(`--base-url goes with keys set.\n\n${USAGE}\n`);
        return EXIT.usage;
      }
      const { secrets: store, settings } = services(io);
      // Without --base-url, a key is saved for the base URL in the settings, as the panel saves it.
      const secrets = keysSavedForSettings(settings, store);
      /** The outcome of set or delete: a sentence (on stderr when it failed), or with --json one object on stdout. */
      const report = (provider: string, result: { readonly ok: boolean; readonly message: string }) => {
        if (parsed.values.json) io.stdout.write(`${JSON.stringify({ ok: result.ok, provider, message: result.message })}\n`);
        else (result.ok ? io.stdout : io.stderr).write(`${result.message}\n`);
      };

      switch (action) {
        case 'status': {
          const statuses = await Promise.all(KEYED_PROVIDERS.map(async (p) => [p, await secrets.status(p)] as const));
          if (parsed.values.json) {
            const out: Record<string, unknown> = { ollama: { saved: false, needed: false } };
            for (const [p, s] of statuses)
              out[p] = s.saved ? { saved: true, source: s.source, for: s.boundTo } : { saved: false, problem: s.problem, message: s.message };
            io.stdout.write(`${JSON.stringify(out)}\n`);
          } else {
            io.stdout.write('Ollama: no key needed (runs on this computer)\n');
            for (const [p, s] of statuses) io.stdout.write(`${statusLine(p, s)}\n`);
          }
          return EXIT.ok;
        }
        case 'set': {
          if (extra.length > 0) {
            io.stderr.write(
              `Don't type the key on the command line: it would stay in your shell history. Run \`assistive-control keys set ${providerName ?? '<provider>'}\` and paste the key when asked, or pipe it in.\n`,
            );
            return EXIT.usage;
          }
          const provider = providerArg(providerName, io);
          if (!provider) return EXIT.usage;
          // Checked before the key is asked for: a key is never saved for a server it could not go to.
          const binding = baseUrl !== undefined ? keyBindingFor(provider, baseUrl) : undefined;
          if (binding && !binding.ok) {
            io.stderr.write(`${binding.message}\n`);
            return EXIT.usage;
          }
          const read = await readSecret(io, `Paste the ${LLM_PROVIDER_NAMES[provider]} API key, then press Enter (it is not shown): `);
          if (!read.ok) {
            if (read.reason === 'cancelled') {
              io.stderr.write('Cancelled: no key was saved.\n');
              return EXIT.cancelled;
            }
            io.stderr.write(
              read.reason === 'too_long'
                ? 'That input is far longer than an API key; nothing was saved. Paste only the key.\n'
                : `No key was given, so nothing was saved. Paste the key when asked, or pipe it in: pbpaste | assistive-control keys set ${provider}\n`,
            );
            return EXIT.usage;
          }
          const result = await secrets.setKey(provider, read.text, baseUrl !== undefined ? { baseUrl } : {});
          report(provider, result);
          return result.ok ? EXIT.ok : result.problem === 'invalid_key' || result.problem === 'bad_base_url' ? EXIT.usage : EXIT.failed;
        }
        case 'delete': {
          if (extra.length > 0) {
            io.stderr.write(`keys delete takes one provider name.\n\n${USAGE}\n`);
            return EXIT.usage;
          }
          const provider = providerArg(providerName, io);
          if (!provider) return EXIT.usage;
          const result = await secrets.deleteKey(provider);
          report(provider, result);
          return result.ok ? EXIT.ok : EXIT.failed;
        }
        default:
          io.stderr.write(
            `${action === undefined ? 'Say what to do with keys: set, status or delete.' : 'Unknown keys action: use set, status or delete.'}\n\n${USAGE}\n`,
          );
          return EXIT.usage;
      }
    },
  };
}

export const keysCommand: CliCommand = createKeysCommand();
