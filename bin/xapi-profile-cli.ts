import { readFile } from 'node:fs/promises';
import type { Finding, ValidationMode } from '../xapi/index.js';
import { validate } from '../xapi/index.js';
import type { CheckOptions } from './xapi-profile-check.js';
import { check, checkUsage, parseCheckArgs } from './xapi-profile-check.js';
import type { DocsOptions } from './xapi-profile-docs.js';
import { docsCommand, docsUsage, parseDocsArgs } from './xapi-profile-docs.js';
import type { SimulateOptions } from './xapi-profile-simulate.js';
import { parseSimulateArgs, simulateCommand, simulateUsage } from './xapi-profile-simulate.js';
import { blockBytesFor, streamSink, type BlockSink } from './line-writer.js';

const validateUsage = `Usage: xapi-profile validate [options] FILE...

Checks xAPI Profile documents against the xAPI Profiles 1.0 specification.

Options:
  --json              print findings as JSON instead of text
  --mode MODE         "import" (default: lenient where published profiles commonly differ)
                      or "authoring" (stricter)
  --known FILE        another profile to resolve cross-profile references against (repeatable)
  -h, --help          show this help

Exit status: 0 no errors, 1 at least one error, 2 unreadable input or wrong usage.`;

const usage = `${validateUsage}

${checkUsage}

${simulateUsage}

${docsUsage}`;

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  read: (file: string) => Promise<string>;
  drain?: () => Promise<void>;
  outBytes?: BlockSink;
  outBlockBytes?: number;
}

const defaultIo: Io = {
  out: (text) => process.stdout.write(text + '\n'),
  outBytes: streamSink(process.stdout),
  outBlockBytes: blockBytesFor(1),
  err: (text) => process.stderr.write(text + '\n'),
  read: (file) => readFile(file, 'utf8'),
  drain: () =>
    process.stdout.writableNeedDrain
      ? new Promise((done) => process.stdout.once('drain', done))
      : Promise.resolve(),
};

interface Options {
  json: boolean;
  mode: ValidationMode;
  known: string[];
  files: string[];
}

type Command =
  | { check: CheckOptions }
  | { validate: Options }
  | { simulate: SimulateOptions }
  | { docs: DocsOptions };

function parseArgs(args: string[]): Command | string {
  const [command, ...rest] = args;
  if (command === undefined || command === '-h' || command === '--help') return 'help';
  if (command === 'check') {
    const options = parseCheckArgs(rest);
    return typeof options === 'string' ? options : { check: options };
  }
  if (command === 'simulate') {
    const options = parseSimulateArgs(rest);
    return typeof options === 'string' ? options : { simulate: options };
  }
  if (command === 'docs') {
    const options = parseDocsArgs(rest);
    return typeof options === 'string' ? options : { docs: options };
  }
  if (command !== 'validate') return `Unknown command "${command}".`;
  const options: Options = { json: false, mode: 'import', known: [], files: [] };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--json') options.json = true;
    else if (arg === '-h' || arg === '--help') return 'help';
    else if (arg === '--mode' || arg === '--known') {
      const value = rest[++i];
      if (value === undefined) return `${arg} needs a value.`;
      if (arg === '--known') options.known.push(value);
      else if (value === 'import' || value === 'authoring') options.mode = value;
      else return `--mode must be "import" or "authoring", not "${value}".`;
    } else if (arg.startsWith('-') && arg !== '-') return `Unknown option "${arg}".`;
    else options.files.push(arg);
  }
  if (options.files.length === 0) return 'Give at least one FILE to validate.';
  return { validate: options };
}

interface FileReport {
  file: string;
  findings?: Finding[];
  unreadable?: string;
}

export async function main(args: string[], io: Io = defaultIo): Promise<number> {
  const command = parseArgs(args);
  const help =
    args[0] === 'check'
      ? checkUsage
      : args[0] === 'validate'
        ? validateUsage
        : args[0] === 'simulate'
          ? simulateUsage
          : args[0] === 'docs'
            ? docsUsage
            : usage;
  if (command === 'help') {
    io.out(help);
    return args.length === 0 ? 2 : 0;
  }
  if (typeof command === 'string') {
    io.err(`${command}\n\n${help}`);
    return 2;
  }
  if ('check' in command) return check(command.check, io);
  if ('simulate' in command) return simulateCommand(command.simulate, io);
  if ('docs' in command) return docsCommand(command.docs, io);
  return validateFiles(command.validate, io);
}

async function validateFiles(options: Options, io: Io): Promise<number> {
  const readAll = (files: string[]) =>
    Promise.all(
      files.map(async (file) => {
        try {
          return { file, text: await io.read(file) };
        } catch (e) {
          return { file, unreadable: e instanceof Error ? e.message : String(e) };
        }
      }),
    );
  const known = await readAll(options.known);
  const badKnown = known.find((k) => k.unreadable !== undefined);
  if (badKnown) {
    io.err(`Cannot read --known ${badKnown.file}: ${badKnown.unreadable}`);
    return 2;
  }
  const knownProfiles: unknown[] = [];
  for (const k of known) {
    try {
      knownProfiles.push(JSON.parse(k.text!));
    } catch (e) {
      io.err(`--known ${k.file} is not JSON (${e instanceof Error ? e.message : String(e)}).`);
      return 2;
    }
  }
  const reports: FileReport[] = (await readAll(options.files)).map((f) =>
    f.unreadable !== undefined
      ? { file: f.file, unreadable: f.unreadable }
      : { file: f.file, findings: validate(f.text, { mode: options.mode, knownProfiles }) },
  );
  if (options.json) io.out(JSON.stringify(toJson(reports), null, 2));
  else for (const r of reports) printHuman(r, io);
  if (reports.some((r) => r.unreadable !== undefined)) return 2;
  return reports.some((r) => r.findings?.some((f) => f.severity === 'error')) ? 1 : 0;
}

function toJson(reports: FileReport[]) {
  return {
    files: reports.map((r) =>
      r.unreadable !== undefined
        ? { file: r.file, unreadable: r.unreadable }
        : {
            file: r.file,
            errors: r.findings!.filter((f) => f.severity === 'error').length,
            warnings: r.findings!.filter((f) => f.severity === 'warning').length,
            findings: r.findings,
          },
    ),
  };
}

function printHuman(report: FileReport, io: Io): void {
  if (report.unreadable !== undefined) {
    io.err(`${report.file}: cannot read: ${report.unreadable}`);
    return;
  }
  const findings = report.findings!;
  const errors = findings.filter((f) => f.severity === 'error');
  const warnings = findings.filter((f) => f.severity === 'warning');
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  io.out(
    `${report.file}: ${plural(errors.length, 'error')}, ${plural(warnings.length, 'warning')}`,
  );
  for (const [title, list] of [
    ['Errors', errors],
    ['Warnings', warnings],
  ] as const) {
    if (list.length === 0) continue;
    io.out(`  ${title}:`);
    for (const f of list) io.out(`    [${f.ruleId}] ${f.path || '/'}  ${f.message}`);
  }
}
