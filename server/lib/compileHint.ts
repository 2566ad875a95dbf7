/**
 * V8's compile hint for a whole file: compile every function with the file (on a background
 * thread for an async or module script) instead of at each function's first call. V8 reads it
 * only on a script's first line. The build writes it there (vite.config.ts); the provider, which
 * puts a shop's settings before the loader, keeps it there (provider/loader.ts).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
