/**
 * The JavaScript time of our module tasks that Lighthouse's bootup-time counts towards no script
 * (perf/lib/unattributedModuleTime.ts), over tasks shaped as Lighthouse's main-thread tasks are.
 */
import { expect, test, vi } from 'vitest';
import type { TraceTask as Node } from '../../../perf/lib/unattributedModuleTime';

const tasks: Node[] = [];
vi.mock('lighthouse/core/lib/tracehouse/trace-processor.js', () => ({
  TraceProcessor: { processTrace: () => ({ mainThreadEvents: [], frames: [], timestamps: { traceEnd: 0, timeOrigin: 0 } }) },
}));
vi.mock('lighthouse/core/lib/tracehouse/main-thread-tasks.js', () => ({
  MainThreadTasks: { getMainThreadTasks: () => tasks },
}));
const { unattributedModuleTime } = await import('../../../perf/lib/unattributedModuleTime');

/** A task node; its children get it as their parent, and every task is listed as Lighthouse lists them (all levels). */
function node(name: string, selfTime: number, group: string, children: Node[] = [], url?: string): Node {
  const made: Node = {
    event: { name, args: url ? { data: { url } } : {} },
    children,
    attributableURLs: [],
    selfTime,
    group: { id: group },
  };
  for (const child of children) child.parent = made;
  return made;
}
function add(task: Node, attributableURLs: string[] = []): void {
  const list = (n: Node): Node[] => [n, ...n.children.flatMap(list)];
  for (const n of list(task)) {
    n.attributableURLs = attributableURLs;
    tasks.push(n);
  }
}

const MOUNT = 'https://shop.example/vitrine/chunks/core-AbC123.js';
const ours = (url: string) => url.includes('/vitrine/');

test("a module task Lighthouse attributes to nothing counts towards the module it evaluates: its JavaScript time, at Lighthouse's slowdown", () => {
  tasks.length = 0;
  // The second stage's evaluation (the core chunk) and the callbacks its arrival released (what
  // bootup-time files as "Unattributable").
  add(
    node('RunTask', 0.5, 'other', [
      node('ScriptCatchup', 0, 'other', [], MOUNT),
      node('v8.evaluateModule', 1, 'scriptEvaluation'),
      node('RunMicrotasks', 4, 'scriptEvaluation', [node('Layout', 2, 'styleLayout')]),
      node('v8.compile', 0.25, 'scriptParseCompile'),
    ]),
  );
  // Attributed by Lighthouse (bootup-time has it already): not counted again.
  add(node('RunTask', 0, 'other', [node('ScriptCatchup', 0, 'other', [], MOUNT), node('FunctionCall', 3, 'scriptEvaluation')]), [MOUNT]);
  // Another script's module, and a task that names no module: not ours to count.
  add(
    node('RunTask', 0, 'other', [
      node('ScriptCatchup', 0, 'other', [], 'https://cdn.example/app.js'),
      node('RunMicrotasks', 5, 'scriptEvaluation'),
    ]),
  );
  add(node('RunTask', 0, 'other', [node('RunMicrotasks', 7, 'scriptEvaluation')]));
  expect(unattributedModuleTime({}, ours, 4)).toEqual({ [MOUNT]: (1 + 4 + 0.25) * 4 });
  expect(unattributedModuleTime({}, ours, 1)).toEqual({ [MOUNT]: 5.25 });
});
