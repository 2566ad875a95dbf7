import type { TraceTask } from './mainThreadTasks.ts';
import { ourModule } from './ourModule.ts';

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
export function unattributedModuleTime(
  tasks: readonly TraceTask[],
  isOurs: (url: string) => boolean,
  multiplier: number,
): Record<string, number> {
  const byUrl: Record<string, number> = {};
  for (const task of tasks) {
    if (task.parent || task.attributableURLs.length) continue;
    const url = ourModule(task, isOurs);
    if (!url) continue;
    let ms = 0;
    const walk = (node: TraceTask): void => {
      if (node.group.id === 'scriptEvaluation' || node.group.id === 'scriptParseCompile') ms += node.selfTime;
      node.children.forEach(walk);
    };
    walk(task);
    byUrl[url] = (byUrl[url] ?? 0) + ms * multiplier;
  }
  return byUrl;
}
