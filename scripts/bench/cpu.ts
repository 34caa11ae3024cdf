/** CPU time, for where an enrollment's time goes: this process's (all its threads: the server, the load generator
 *  and PGlite's worker), and a local PostgreSQL server's (every `postgres` process: its backends, WAL writer and
 *  checkpointer). Linux's /proc; elsewhere, or for a server on another machine, the database's reads NaN. */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export const processCpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

let ticksPerSecond: number | undefined;

export function postgresCpuMs(): number {
  let dirs: string[];
  try {
    dirs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return NaN;
  }
  let ticks = 0;
  let found = false;
  for (const pid of dirs) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    if (!stat.includes(' (postgres) ')) continue;
    found = true;
    // After the command's closing parenthesis: state is field 3, utime and stime fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return found ? (ticks / ticksPerSecond) * 1000 : NaN;
}
