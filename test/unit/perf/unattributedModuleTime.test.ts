/**
 * What the cost table reads from Lighthouse's main-thread tasks (shaped here as Lighthouse lists
 * them): the JavaScript time of our module tasks that bootup-time counts towards no script
 * (perf/lib/unattributedModuleTime.ts), and our tasks' CPU time (perf/lib/ourThreadTime.ts).
 */
import { expect, test } from 'vitest';
import type { TraceTask as Node } from '../../../perf/lib/mainThreadTasks';
import { ourThreadTime } from '../../../perf/lib/ourThreadTime';
import { unattributedModuleTime } from '../../../perf/lib/unattributedModuleTime';

const tasks: Node[] = [];

/** A task node; its children get it as their parent, and every task is listed as Lighthouse lists them (all levels). */
function node(name: string, selfTime: number, group: string, children: Node[] = [], url?: string, tdur?: number): Node {
  const made: Node = {
    event: { name, tdur, args: url ? { data: { url } } : {} },
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
  expect(unattributedModuleTime(tasks, ours, 4)).toEqual({ [MOUNT]: (1 + 4 + 0.25) * 4 });
  expect(unattributedModuleTime(tasks, ours, 1)).toEqual({ [MOUNT]: 5.25 });
});

test("our CPU time: the thread time of every top-level task that runs our scripts, attributed or evaluating our module, at Lighthouse's slowdown", () => {
  tasks.length = 0;
  const LOADER = 'https://cdn.example/vitrine/vitrine.js';
  // The loader's start (attributed), 9 ms of wall time of which 3 on the CPU.
  add(node('RunTask', 0, 'other', [node('FunctionCall', 8, 'scriptEvaluation', [], LOADER)], undefined, 3000), [LOADER]);
  // The second stage's module task (no attributed URL, our module evaluated): its children's thread time is the task's.
  add(
    node(
      'RunTask',
      0.5,
      'other',
      [node('ScriptCatchup', 0, 'other', [], MOUNT), node('RunMicrotasks', 4, 'scriptEvaluation', [], undefined, 1500)],
      undefined,
      2000,
    ),
  );
  // The theme's own tasks, and another script's module: not ours.
  add(node('RunTask', 0, 'other', [node('FunctionCall', 5, 'scriptEvaluation')], undefined, 5000), ['https://shop.example/theme.js']);
  add(node('RunTask', 0, 'other', [node('ScriptCatchup', 0, 'other', [], 'https://cdn.example/app.js')], undefined, 4000));
  // A task Chrome recorded no thread time for counts nothing.
  add(node('RunTask', 0, 'other', [node('FunctionCall', 1, 'scriptEvaluation')]), [LOADER]);
  expect(ourThreadTime(tasks, ours, 4)).toBe((3 + 2) * 4);
  expect(ourThreadTime(tasks, ours, 1)).toBe(5);
});
