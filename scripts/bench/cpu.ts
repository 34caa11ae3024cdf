/** CPU time, for where an enrollment's time goes: this process's (all its threads: the servers and PGlite's worker;
 *  the load is sent from another process), and this machine's PostgreSQL's (every `postgres` process: its backends,
 *  WAL writer and checkpointer, with what its ended backends spent). Linux's /proc; elsewhere, or with no PostgreSQL on this machine,
 *  the database's reads NaN. Any other client's work on this machine's PostgreSQL counts too: run the bench alone. */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export const processCpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** This process's main thread's CPU (the servers' requests; not PGlite's worker, nor V8's collector and compiler
 *  threads), from the scheduler's nanosecond count; NaN off Linux. */
export function mainThreadCpuMs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return NaN;
  }
}

let ticksPerSecond: number | undefined;

export function postgresCpuMs(): number {
  let dirs: string[];
  try {
    dirs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return NaN;
  }
  try {
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    ticksPerSecond = 100; // Linux's USER_HZ
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
    // After the command's closing parenthesis: state is field 3, utime and stime fields 14 and 15, and cutime and
    // cstime 16 and 17 (the postmaster's ended backends: a backend that ends takes its own two with it).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return found ? (ticks / ticksPerSecond) * 1000 : NaN;
}
