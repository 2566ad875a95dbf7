import type { TraceTask } from './mainThreadTasks.ts';
import { ourModule } from './ourModule.ts';

/**
 * The main thread's CPU time in our tasks, times `multiplier` (Lighthouse's CPU slowdown when
 * throttling is simulated, as bootup-time applies it), ms: every top-level task that runs one of
 * our scripts (Lighthouse ties it to one of `isOurs`'s URLs, or it evaluates one of our modules),
 * by the thread time Chrome records for it (`tdur`), all of it (style and layout included).
 *
 * Why beside bootup-time: that adds up wall time, and on a machine whose other processes (the
 * browser's own, the benchmark's) share its cores, the same task of ours takes one to several times
 * its CPU time in wall time, as the thread waits for a core. Lighthouse traces of the demo's
 * product page, one build, 6 runs: the loader's start task took 3.5–14.4 ms of wall time for
 * 2.7–5.1 ms of CPU. Thread time leaves out the waiting, so it is the steadier figure for
 * comparing two builds; bootup-time is what the targets are set in.
 */
export function ourThreadTime(tasks: readonly TraceTask[], isOurs: (url: string) => boolean, multiplier: number): number {
  let us = 0;
  for (const task of tasks) {
    if (task.parent) continue;
    if (task.attributableURLs.some(isOurs) || (!task.attributableURLs.length && ourModule(task, isOurs))) us += task.event.tdur ?? 0;
  }
  return (us / 1000) * multiplier;
}
