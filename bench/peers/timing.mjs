// Shared by the peers' drivers (our own code): read the hands, time a function over all of them.
import { readFileSync } from "node:fs";

export function readArgs() {
  const [dir, handsFile, repsText] = process.argv.slice(2);
  if (!dir || !handsFile) {
    console.error("usage: node <driver> <peer checkout> <hands.json> [repetitions]");
    process.exit(2);
  }
  return { dir, hands: JSON.parse(readFileSync(handsFile, "utf8")), reps: Number(repsText || 20) };
}

// Decide every hand once per repetition, after warm-up repetitions; the median repetition in ms.
export function timeAll(hands, decide, reps, warmup = 3) {
  let out = null;
  for (let r = 0; r < warmup; r++) out = hands.map(decide);
  const times = [];
  for (let r = 0; r < reps; r++) {
    const t0 = process.hrtime.bigint();
    out = hands.map(decide);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], min: times[0], out };
}

export function report(result, extra = {}) {
  console.log(JSON.stringify({ ms_per_way: result.ms, ms_min: result.min, hands: result.out.length,
    reps: extra.reps, ...extra, settings: result.out }));
}
