// `npm run build`: widget chunks (with the shared framework chunk and a manifest), then the
// loader, which embeds the hashed chunk names. See vite.config.ts for the modes.
import { run } from './lib.mjs';

run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('npx', ['vite', 'build', '--mode', 'loader', '--logLevel', 'warn']);
