// How many cores the model may use right now. llama.cpp's threads wait for each other, spinning, several times per
// token: when another process takes one of their cores (the speech engine transcribing, the Worker, a test run), all
// of them stall, and on 2 busy cores 2 threads wrote 80 tokens in 31-168 s where 1 thread took 14-21 s. On an idle
// machine the other core is free speed: 2 threads read a prompt about twice as fast. So the service follows the
// machine: every core while nothing else runs, one fewer per core the rest of the machine keeps busy.
import { readFileSync } from "node:fs";

/** CPU time in clock ticks (Linux /proc): the whole machine's busy and total time, and this process's own. */
function readTicks() {
  try {
    const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal
    const [user, nice, system, idle, iowait, irq, softirq, steal] = cpu;
    const busy = user + nice + system + irq + softirq + (steal ?? 0);
    // The fields after the command (which may hold spaces): utime and stime are the 12th and 13th.
    const self = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return { busy, total: busy + idle + (iowait ?? 0), self: Number(self[11]) + Number(self[12]) };
  } catch {
    return null;
  }
}

/**
 * A sampler of the cores the rest of the machine used since its last call (busy time not this process's, in cores),
 * or null where /proc is missing (not Linux).
 */
export function otherLoadSampler(cores) {
  let last = readTicks();
  return () => {
    const now = readTicks();
    if (!now || !last) return null;
    const elapsed = (now.total - last.total) / cores;
    const others = elapsed > 0 ? Math.max(0, now.busy - last.busy - (now.self - last.self)) / elapsed : 0;
    last = now;
    return others;
  };
}

// Another process's bookkeeping (a shell, a browser tab idling) takes a few percent of a core: that is no reason to
// give one up.
const SLACK = 0.25;

/** The threads to use on `cores` when the rest of the machine keeps `others` cores busy: at least one. */
export function threadsFor(others, cores) {
  return Math.min(cores, Math.max(1, cores - Math.ceil(Math.max(0, others - SLACK))));
}
