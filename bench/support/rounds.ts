import os from 'node:os';

/**
 * Prints in-process timing rounds as a Markdown table (the fastest and the median round, in µs per
 * call) and the machine's load beside them: a figure without its load says little on a shared machine.
 */
export function printRounds(rounds: Record<string, number[]>): void {
  process.stdout.write(`| call | fastest round µs | median round µs |\n|---|---:|---:|\n`);
  for (const [name, values] of Object.entries(rounds)) {
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    process.stdout.write(`| ${name} | ${sorted[0]!.toFixed(0)} | ${median.toFixed(0)} |\n`);
  }
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  process.stdout.write(`\nLoad average (1/5/15 min) at the end: ${load}\n`);
}
