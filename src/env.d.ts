/** Build-time constants, replaced by `define` in vite.config.ts. */
declare const __VITRINE_VERSION__: string;
/** Chunk name -> [its content hash, ...chunks it imports]: `chunks/<name>-<hash>.js`, `chunks/<import>.js`. */
declare const __VITRINE_CHUNKS__: Record<string, string[]>;
