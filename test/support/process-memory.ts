/**
 * A process's memory from /proc, for tests that must show an attack cost the server little:
 * resident memory now, and the peak since the last reset (VmHWM, reset through clear_refs).
 */
import { readFileSync, writeFileSync } from 'node:fs';

function field(pid: number, name: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`no ${name} in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

export function rssBytes(pid: number): number {
  return field(pid, 'VmRSS');
}

export function peakRssBytes(pid: number): number {
  return field(pid, 'VmHWM');
}

/** Starts measuring a peak from now on; returns the resident size at the start. */
export function resetPeak(pid: number): number {
  // "5" resets the peak resident set size (Linux ≥ 4.0); without it the startup peak would count.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return rssBytes(pid);
}

export const MB = 1024 * 1024;
export const mb = (bytes: number) => Math.round(bytes / MB);
