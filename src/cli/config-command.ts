/**
 * `assistive-control config show|set`: the settings file, read and changed one value at a time.
 */
import { isKeyedProvider, LLM_PROVIDER_NAMES } from '../shared/llm-providers.js';
import { settingKeys, type Settings, type SettingsNotice } from '../config/settings.js';
import type { CliCommand, CliIo } from './cli-io.js';
import { defaultCliServices, type CliServices, type CliServicesFactory } from './cli-services.js';
import { EXIT } from './exit-codes.js';
import { parseCommandArgs } from './parse-command-args.js';

const USAGE = `Usage: assistive-control config show [--json]
       assistive-control config get <key> [--json]
       assistive-control config set <key> <value> [--json]

Shows, reads or changes a setting. Keys: ${settingKeys().join(', ')}.
Examples:
  assistive-control config get provider
  assistive-control config set provider anthropic
  assistive-control config set models.ollama llama3.1:8b
  assistive-control config set openaiBaseUrl http://127.0.0.1:1234/v1
  assistive-control config set confirmModerate off

API keys are not settings: use "assistive-control keys set <provider>".
Exit codes: 0 done, 1 the file could not be written, 2 usage error or invalid value.`;

function flatten(settings: Settings): Array<[string, unknown]> {
  return settingKeys().map((key) => [key, key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], settings)]);
}

function show(value: unknown): string {
  return typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value);
}

function writeNotices(notices: readonly SettingsNotice[], io: CliIo): void {
  for (const n of notices) io.stderr.write(`${n.message}\n`);
}

async function loadFlat(store: CliServices['settings'], io: CliIo): Promise<Array<[string, unknown]>> {
  const loaded = await store.load();
  writeNotices(loaded.notices, io);
  return flatten(loaded.settings);
}

export function createConfigCommand(services: CliServicesFactory = defaultCliServices): CliCommand {
  return {
    name: 'config',
    usage: USAGE,
    async run(args, io) {
      const parsed = parseCommandArgs(args, io, USAGE, {});
      if ('exit' in parsed) return parsed.exit;
      const [action, key, ...valueWords] = parsed.positionals;
      const { settings: store, secrets } = services(io);

      if (action === 'show') {
        const loaded = await store.load();
        writeNotices(loaded.notices, io);
        if (parsed.values.json) {
          io.stdout.write(`${JSON.stringify({ path: loaded.path, settings: loaded.settings })}\n`);
        } else {
          io.stdout.write(`# ${loaded.path}\n`);
          for (const [k, v] of flatten(loaded.settings)) io.stdout.write(`${k} = ${show(v)}\n`);
        }
        return EXIT.ok;
      }

      if (action === 'get') {
        const entry = key === undefined ? undefined : (await loadFlat(store, io)).find(([k]) => k === key);
        if (!entry) {
          io.stderr.write(`${key === undefined ? 'Give a setting' : `There is no setting "${key.slice(0, 60)}"`}: use one of ${settingKeys().join(', ')}.\n`);
          return EXIT.usage;
        }
        io.stdout.write(parsed.values.json ? `${JSON.stringify(entry[1])}\n` : `${show(entry[1])}\n`);
        return EXIT.ok;
      }

      if (action === 'set') {
        if (key === undefined || valueWords.length === 0) {
          io.stderr.write(`Give a setting and its value, for example: assistive-control config set provider ollama\n\n${USAGE}\n`);
          return EXIT.usage;
        }
        let result;
        try {
          result = await store.set(key, valueWords.join(' '));
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code ?? 'error';
          io.stderr.write(`The settings could not be saved to ${store.path} (${code}). Check that the folder is writable, then try again.\n`);
          return EXIT.failed;
        }
        writeNotices(result.notices, io);
        if (!result.ok) {
          io.stderr.write(`${result.message}\n`);
          return EXIT.usage;
        }
        const value = flatten(result.settings).find(([k]) => k === key)?.[1];
        // Switching to a keyed provider without a key would fail at the next command: say so now.
        let advice: string | undefined;
        if (key === 'provider' && typeof value === 'string' && isKeyedProvider(value)) {
          const status = await secrets.status(value);
          if (!status.saved)
            advice =
              status.problem === 'not_saved'
                ? `No ${LLM_PROVIDER_NAMES[value]} API key is saved yet: run \`assistive-control keys set ${value}\`.`
                : status.message;
        }
        if (parsed.values.json) io.stdout.write(`${JSON.stringify({ key, value, ...(advice ? { advice } : {}) })}\n`);
        else io.stdout.write(`${key} = ${show(value)}\n${advice ? `${advice}\n` : ''}`);
        return EXIT.ok;
      }

      io.stderr.write(
        `${action === undefined ? 'Say what to do: show, get or set.' : `Unknown config action "${action.slice(0, 20)}": use show, get or set.`}\n\n${USAGE}\n`,
      );
      return EXIT.usage;
    },
  };
}

export const configCommand: CliCommand = createConfigCommand();
