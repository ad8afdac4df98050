/** Small figures the benchmarks print: medians, the machine's load while it ran, and a process's CPU and memory (Linux: /proc). */
import fs from 'node:fs';
import os from 'node:os';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The 1, 5 and 15 minute load averages: on a shared machine, what a figure must be read against. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/** CPU nanoseconds used so far by every live thread of the process, and by its main thread (/proc/<pid>/task/<tid>/schedstat). */
export function processCpuNs(pid: number): { all: number; main: number } {
  let all = 0;
  let main = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const ns = Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      all += ns;
      if (tid === String(pid)) main = ns;
    } catch {
      // The thread ended between listing and reading.
    }
  }
  return { all, main };
}

/** The process's resident memory now (VmRSS) or at its peak (VmHWM), in MB (1024² bytes). */
export function memoryMB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024;
}
