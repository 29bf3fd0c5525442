/**
 * `assistive-control completion bash|zsh|fish`: a completion script for the shell, printed to
 * stdout (install: `assistive-control completion bash > ~/.local/share/bash-completion/completions/assistive-control`).
 * It completes the commands, their actions (keys set|status|delete, config show|get|set,
 * models list|download), setting names, provider and model names, and the common options. The
 * words come from the same tables the commands use, so the script is as current as the CLI that
 * printed it.
 */
import { settingKeys } from '../config/settings.js';
import { LLM_PROVIDERS } from '../shared/llm-providers.js';
import { WHISPER_MODELS } from '../voice/model-manager.js';
import type { CliCommand } from './cli-io.js';
import { EXIT } from './exit-codes.js';
import { COMMAND_SUMMARIES } from './command-names.js';
import { parseCommandArgs } from './parse-command-args.js';

const USAGE = `Usage: assistive-control completion bash|zsh|fish

Prints a completion script for your shell. For example:
  assistive-control completion bash > ~/.local/share/bash-completion/completions/assistive-control
  assistive-control completion zsh > "\${fpath[1]}/_assistive-control"
  assistive-control completion fish > ~/.config/fish/completions/assistive-control.fish`;

/** What follows each command: its actions, or the words its first argument takes. */
export function completionWords(): { commands: string[]; next: Record<string, string[]>; after: Record<string, string[]>; options: string[] } {
  const providers = ['grammar', ...LLM_PROVIDERS];
  return {
    commands: [...COMMAND_SUMMARIES.map((c) => c.name), 'help'],
    next: {
      keys: ['set', 'status', 'delete'],
      config: ['show', 'get', 'set'],
      commands: ['list', 'check'],
      models: ['list', 'download'],
      help: COMMAND_SUMMARIES.map((c) => c.name),
      completion: ['bash', 'zsh', 'fish'],
    },
    // The word after an action or an option.
    after: {
      'keys set': [...LLM_PROVIDERS.filter((p) => p !== 'ollama')],
      'keys delete': [...LLM_PROVIDERS.filter((p) => p !== 'ollama')],
      'config get': settingKeys(),
      'config set': settingKeys(),
      'models download': Object.keys(WHISPER_MODELS),
      '--provider': providers,
    },
    options: [
      '--json',
      '--help',
      '--provider',
      '--model',
      '--base-url',
      '--dry-run',
      '--yes',
      '--answer-timeout',
      '--app',
      '--limit',
      '--filter',
      '--corpus',
      '--report',
    ],
  };
}

const words = (list: readonly string[]) => list.join(' ');

function bash(): string {
  const w = completionWords();
  const cases = Object.entries(w.next).map(
    ([cmd, next]) => `    ${cmd}) [[ $COMP_CWORD -eq 2 ]] && { COMPREPLY=($(compgen -W "${words(next)}" -- "$cur")); return; } ;;`,
  );
  const pairs = Object.entries(w.after)
    .filter(([k]) => k.includes(' '))
    .map(([k, v]) => `    "${k}") [[ $COMP_CWORD -eq 3 ]] && { COMPREPLY=($(compgen -W "${words(v)}" -- "$cur")); return; } ;;`);
  return `# bash completion for assistive-control (printed by: assistive-control completion bash)
_assistive_control() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  COMPREPLY=()
  if [[ $prev == --provider ]]; then COMPREPLY=($(compgen -W "${words(w.after['--provider'] ?? [])}" -- "$cur")); return; fi
  if [[ $COMP_CWORD -eq 1 ]]; then COMPREPLY=($(compgen -W "${words(w.commands)} --version --help" -- "$cur")); return; fi
  case "\${COMP_WORDS[1]}" in
${cases.join('\n')}
  esac
  case "\${COMP_WORDS[1]} \${COMP_WORDS[2]}" in
${pairs.join('\n')}
  esac
  if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "${words(w.options)}" -- "$cur")); fi
}
complete -F _assistive_control assistive-control
`;
}

function zsh(): string {
  const w = completionWords();
  const cases = Object.entries(w.next).map(([cmd, next]) => `      ${cmd}) (( CURRENT == 3 )) && compadd -- ${words(next)} ;;`);
  const pairs = Object.entries(w.after)
    .filter(([k]) => k.includes(' '))
    .map(([k, v]) => `      "${k}") (( CURRENT == 4 )) && compadd -- ${words(v)} ;;`);
  return `#compdef assistive-control
# zsh completion for assistive-control (printed by: assistive-control completion zsh)
_assistive_control() {
  if [[ \${words[CURRENT-1]} == --provider ]]; then compadd -- ${words(w.after['--provider'] ?? [])}; return; fi
  if (( CURRENT == 2 )); then compadd -- ${words(w.commands)} --version --help; return; fi
  case \${words[2]} in
${cases.join('\n')}
  esac
  case "\${words[2]} \${words[3]}" in
${pairs.join('\n')}
  esac
  [[ \${words[CURRENT]} == -* ]] && compadd -- ${words(w.options)}
}
compdef _assistive_control assistive-control
`;
}

function fish(): string {
  const w = completionWords();
  const lines = [
    '# fish completion for assistive-control (printed by: assistive-control completion fish)',
    'complete -c assistive-control -f',
    `complete -c assistive-control -n __fish_use_subcommand -a "${words(w.commands)}"`,
    ...Object.entries(w.next).map(
      ([cmd, next]) => `complete -c assistive-control -n "__fish_seen_subcommand_from ${cmd}; and test (count (commandline -opc)) -eq 2" -a "${words(next)}"`,
    ),
    ...Object.entries(w.after)
      .filter(([k]) => k.includes(' '))
      .map(([k, v]) => {
        const [cmd, action] = k.split(' ');
        return `complete -c assistive-control -n "__fish_seen_subcommand_from ${cmd}; and __fish_seen_subcommand_from ${action}; and test (count (commandline -opc)) -eq 3" -a "${words(v)}"`;
      }),
    `complete -c assistive-control -l provider -x -a "${words(w.after['--provider'] ?? [])}"`,
    ...w.options.filter((o) => o !== '--provider').map((o) => `complete -c assistive-control -l ${o.slice(2)}`),
  ];
  return `${lines.join('\n')}\n`;
}

export const completionCommand: CliCommand = {
  name: 'completion',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseCommandArgs(args, io, USAGE, {});
    if ('exit' in parsed) return parsed.exit;
    if (parsed.values.json) {
      io.stderr.write(`completion prints a script for your shell; it has no --json output.\n\n${USAGE}\n`);
      return EXIT.usage;
    }
    const shell = parsed.positionals[0];
    const script = shell === 'bash' ? bash() : shell === 'zsh' ? zsh() : shell === 'fish' ? fish() : undefined;
    if (script === undefined || parsed.positionals.length > 1) {
      io.stderr.write(`Name your shell: bash, zsh or fish.\n\n${USAGE}\n`);
      return EXIT.usage;
    }
    io.stdout.write(script);
    return EXIT.ok;
  },
};
