import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';

/** The parts of Lighthouse's main-thread task this reads. */
export interface TraceTask {
  event: { name: string; args?: { data?: { url?: unknown } } };
  parent?: TraceTask;
  children: TraceTask[];
  attributableURLs: string[];
  selfTime: number;
  group: { id: string };
}

/**
 * Our JavaScript time that Lighthouse's `bootup-time` counts towards no script, by script URL:
 * add it to bootup-time's items to get all of it.
 *
 * Lighthouse finds a task's script through the trace events that name one: a compile, a classic
 * script's evaluation, a function call, a timer the script set, a request's initiator stack. A
 * module brought by `import()` is evaluated, with the promise callbacks its arrival releases, in a
 * task with none of these, which bootup-time files under "Unattributable". On the demo that was the
 * loader's second stage's whole start (settings validation, planning, mount points: 17–23 ms at 4x) on
 * every page, and the `reporting` chunk's when it sent no request in that task.
 *
 * The trace does name the module evaluated there (V8's source rundown, `ScriptCatchup` with its
 * URL), and so does this: the JavaScript evaluation and parse/compile time of every top-level task
 * that Lighthouse attributes to nothing and that evaluates one of `isOurs`'s scripts, times
 * `multiplier` (bootup-time's CPU slowdown when throttling is simulated).
 */
export function unattributedModuleTime(trace: unknown, isOurs: (url: string) => boolean, multiplier: number): Record<string, number> {
  const processed = TraceProcessor.processTrace(trace as never);
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  ) as unknown as TraceTask[];
  const byUrl: Record<string, number> = {};
  for (const task of tasks) {
    if (task.parent || task.attributableURLs.length) continue;
    let url: string | undefined;
    let ms = 0;
    const walk = (node: TraceTask): void => {
      const named = node.event.args?.data?.url;
      if (!url && node.event.name === 'ScriptCatchup' && typeof named === 'string' && isOurs(named)) url = named;
      if (node.group.id === 'scriptEvaluation' || node.group.id === 'scriptParseCompile') ms += node.selfTime;
      node.children.forEach(walk);
    };
    walk(task);
    if (url) byUrl[url] = (byUrl[url] ?? 0) + ms * multiplier;
  }
  return byUrl;
}
