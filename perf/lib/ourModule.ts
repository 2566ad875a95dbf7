import type { TraceTask } from './mainThreadTasks.ts';

/**
 * The first of our modules (`isOurs`) that `task` evaluates, by V8's source rundown in the trace
 * (`ScriptCatchup`, which names the script's URL), or undefined: how a task that Lighthouse ties
 * to no script (a module brought by `import()`, and the callbacks its arrival released) is known
 * to be ours.
 */
export function ourModule(task: TraceTask, isOurs: (url: string) => boolean): string | undefined {
  const named = task.event.args?.data?.url;
  if (task.event.name === 'ScriptCatchup' && typeof named === 'string' && isOurs(named)) return named;
  for (const child of task.children) {
    const found = ourModule(child, isOurs);
    if (found) return found;
  }
  return undefined;
}
