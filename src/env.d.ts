/** Build-time constants, replaced by `define` in vite.config.ts. */
declare const __VITRINE_VERSION__: string;
/** Chunk name -> [its content hash, ...chunks it imports]: `chunks/<name>-<hash>.js`, `chunks/<import>.js`. */
declare const __VITRINE_CHUNKS__: Record<string, string[]>;

/** A widget's lazy part (`import part from './lazy/form?part'`): its chunk's name with its hash, for `ctx.load` (vite.config.ts `lazyParts`). */
declare module '*?part' {
  const name: string;
  export default name;
}
