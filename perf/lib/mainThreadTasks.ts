import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';

/** The parts of Lighthouse's main-thread task that `perf/lib` reads. */
export interface TraceTask {
  /** The trace event: `tdur`, its thread (CPU) time in µs, where Chrome recorded one. */
  event: { name: string; tdur?: number; args?: { data?: { url?: unknown } } };
  parent?: TraceTask;
  children: TraceTask[];
  attributableURLs: string[];
  selfTime: number;
  group: { id: string };
}

/** The page's main-thread tasks in a Lighthouse trace, as its audits see them (all levels). */
export function mainThreadTasks(trace: unknown): TraceTask[] {
  const processed = TraceProcessor.processTrace(trace as never);
  return MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  ) as unknown as TraceTask[];
}
