/** Linux's /proc for the benchmarks: a process's command name and its CPU time so far. */

import { readFileSync } from "node:fs";

/** USER_HZ on Linux: /proc counts CPU time in these ticks a second. */
const TICKS = 100;

/**
 * Process `pid`'s command name and CPU time so far (seconds, user and system); throws once it is
 * gone. `pid` may name one thread of it ("PID/task/TID").
 */
export function cpuOf(pid: number | string): { name: string; user: number; sys: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // "pid (name) state …": the name may hold spaces and parentheses, so the fields start after the last ")".
  const close = stat.lastIndexOf(")");
  const fields = stat.slice(close + 2).split(" ");
  return {
    name: stat.slice(stat.indexOf("(") + 1, close),
    user: Number(fields[11]) / TICKS,
    sys: Number(fields[12]) / TICKS,
  };
}
