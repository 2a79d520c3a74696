// CPU time by thread during a benchmark (Linux /proc): where a 2-core machine's time went while the
// page analysed. Reads each thread's schedstat (nanoseconds on a CPU) for this process's descendants
// (Playwright's Chromium and its renderer, workers included) and /proc/stat for the whole machine.
import { readFileSync, readdirSync } from 'node:fs';

export interface CpuSnapshot {
  /** Per thread, keyed `pid/tid`: process and thread names and CPU nanoseconds so far. */
  threads: Map<string, { proc: string; name: string; ns: number }>;
  /** Whole machine, in clock ticks (USER_HZ, 100 a second): busy and idle. */
  machine: { busy: number; idle: number };
}

const read = (p: string) => {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return '';
  }
};

function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const stat = read(`/proc/${d}/stat`);
    const m = /\) \S (\d+)/.exec(stat);
    if (m) parent.set(Number(d), Number(m[1]));
  }
  const out: number[] = [];
  for (const pid of parent.keys()) {
    for (let p: number | undefined = pid; p && p > 1; p = parent.get(p))
      if (p === root) {
        out.push(pid);
        break;
      }
  }
  return out;
}

export function cpuSnapshot(root = process.pid): CpuSnapshot {
  const threads = new Map<string, { proc: string; name: string; ns: number }>();
  for (const pid of descendants(root)) {
    // Chromium's child processes rewrite their title: the arguments come as one space-separated string
    const cmd = read(`/proc/${pid}/cmdline`).replace(/\0/g, ' ');
    const type = /--type=(\S+)/.exec(cmd)?.[1];
    const sub = /--utility-sub-type=\S*?(\w+)\.mojom/.exec(cmd)?.[1];
    const proc = pid === root ? 'bench (node, Playwright client)' : cmd.includes('chrom') ? `chromium ${type ?? 'browser'}${sub ? ` ${sub}` : ''}` : 'other (vite preview)';
    let tids: string[] = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const ns = Number(read(`/proc/${pid}/task/${tid}/schedstat`).split(' ')[0]);
      if (Number.isFinite(ns)) threads.set(`${pid}/${tid}`, { proc, name: tid === String(pid) ? 'main' : read(`/proc/${pid}/task/${tid}/comm`).trim(), ns });
    }
  }
  const cpu = read('/proc/stat').split('\n')[0].split(/\s+/).slice(1).map(Number);
  const idle = cpu[3] + cpu[4];
  return { threads, machine: { busy: cpu.slice(0, 8).reduce((a, b) => a + b, 0) - idle, idle } };
}

/** Milliseconds of CPU between two snapshots, by group; plus the machine's busy and idle milliseconds. */
export function cpuBetween(a: CpuSnapshot, b: CpuSnapshot, group: (proc: string, thread: string) => string): { groups: Map<string, number>; machineBusyMs: number; machineIdleMs: number } {
  const groups = new Map<string, number>();
  for (const [k, t] of b.threads) {
    const ms = (t.ns - (a.threads.get(k)?.ns ?? 0)) / 1e6;
    if (ms <= 0) continue;
    const g = group(t.proc, t.name);
    groups.set(g, (groups.get(g) ?? 0) + ms);
  }
  return { groups, machineBusyMs: (b.machine.busy - a.machine.busy) * 10, machineIdleMs: (b.machine.idle - a.machine.idle) * 10 };
}
