/**
 * Options of the `crossbones online` commands: `--name value` or `--name=value`, flags without a
 * value, and the environment for what a user sets once (`CROSSBONES_SERVER`, `CROSSBONES_TOKEN`).
 * A mistake is a `UsageError` (exit status 2), said in one line.
 */

import { readFileSync } from "node:fs";
import { TABLE_CODE } from "@crossbones/protocol";

/** A command line the command cannot use: printed with the usage, exit status 2. */
export class UsageError extends Error {}

/** A failure while running (a refusal, a program that failed, a frame that is not the protocol): exit status 1. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly status = 1,
    /** The server's refusal code, when it refused. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** The server cannot be reached (or was lost for good): exit status 3. */
export const UNREACHABLE = 3;

export interface Parsed {
  readonly values: ReadonlyMap<string, string>;
  readonly flags: ReadonlySet<string>;
}

/**
 * Reads `args` against the options a command takes (`valued`, with a value; `flags`, without);
 * anything else is a `UsageError`.
 */
export function parseOptions(args: readonly string[], valued: readonly string[], flags: readonly string[]): Parsed {
  const values = new Map<string, string>();
  const set = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith("--")) throw new UsageError(`unexpected argument ${JSON.stringify(arg)}`);
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    if (flags.includes(name)) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      set.add(name);
    } else if (valued.includes(name)) {
      let value: string;
      if (eq >= 0) value = arg.slice(eq + 1);
      else if (i + 1 < args.length && !args[i + 1].startsWith("--")) value = args[++i];
      else throw new UsageError(`--${name} needs a value`);
      if (values.has(name)) throw new UsageError(`--${name} is given twice`);
      values.set(name, value);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return { values, flags: set };
}

/** The server's base URL (http or https), from `--server` or `CROSSBONES_SERVER`, without a trailing slash. */
export function serverUrl(parsed: Parsed, env: NodeJS.ProcessEnv): string {
  const text = parsed.values.get("server") ?? env.CROSSBONES_SERVER;
  if (!text) throw new UsageError("--server URL is needed (or set CROSSBONES_SERVER)");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--server ${JSON.stringify(text)} is not a URL (e.g. http://localhost:3000)`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError(`--server must be an http:// or https:// URL, not ${url.protocol}`);
  if (url.search || url.hash) throw new UsageError("--server takes no query or fragment");
  return url.href.replace(/\/+$/, "");
}

/** The WebSocket URL of a server: ws(s)://HOST/…/ws. */
export function socketUrl(server: string): string {
  return `${server.replace(/^http/, "ws")}/ws`;
}

/** A table code as the protocol writes it (six, or ten for a private table, of A–Z and 2–9, upper case). */
export function tableCodeOf(parsed: Parsed): string {
  const text = parsed.values.get("table");
  if (!text) throw new UsageError("--table CODE is needed");
  // An invite link works as well as its code.
  const code = (/\/t\/([^/?#]+)\/?$/.exec(text)?.[1] ?? text).toUpperCase();
  if (!TABLE_CODE.test(code)) throw new UsageError(`--table ${JSON.stringify(text)} is not a table code`);
  return code;
}

/**
 * The guest token from `--token-file FILE` (its first line), `CROSSBONES_TOKEN` or `--token`, or
 * null. A token is the player: on a command line, every user of the machine sees it in the list of
 * processes, so the help offers the file and the variable.
 */
export function tokenOf(parsed: Parsed, env: NodeJS.ProcessEnv): string | null {
  const file = parsed.values.get("token-file");
  if (file !== undefined) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (e) {
      throw new UsageError(`cannot read --token-file ${file}: ${(e as NodeJS.ErrnoException).code ?? e}`);
    }
    const token = text.split("\n")[0].trim();
    if (token === "") throw new UsageError(`--token-file ${file} holds no token`);
    return token;
  }
  const token = env.CROSSBONES_TOKEN ?? parsed.values.get("token") ?? "";
  return token === "" ? null : token;
}

/** A whole number within bounds, or a `UsageError`. */
export function intOption(parsed: Parsed, name: string, fallback: number, min: number, max: number): number {
  const text = parsed.values.get(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || value < min || value > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return value;
}

/**
 * Splits a program's command line into words like a shell does with quotes ('…', "…") and
 * backslashes, without any other shell feature (no variables, pipes or globs).
 */
export function splitCommand(text: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === "\\" && i + 1 < text.length && '"\\$`'.includes(text[i + 1])) word += text[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === "\\" && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) throw new UsageError(`--program: an unclosed ${quote} quote`);
  if (inWord) words.push(word);
  return words;
}
