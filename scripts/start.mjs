// `npm start`: install when needed, build when dist/ is stale, then serve the demo shop and the
// provider (one process) on $PORT (default 8080).
import { spawn } from 'node:child_process';
import { distIsStale, ensureInstalled, ROOT, run } from './lib.mjs';

ensureInstalled();
if (distIsStale()) run('node', ['scripts/build.mjs']);
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', cwd: ROOT });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
