/** Build-time constants, replaced by `define` in vite.config.ts. */
declare const __VITRINE_VERSION__: string;
/** Widget name -> [chunk file, ...files it imports], relative to the asset base. */
declare const __VITRINE_CHUNKS__: Record<string, string[]>;
