import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Raw and compressed sizes of one file (bytes). */
export interface FileSize {
  /** Path relative to the measured folder, with `/` separators. */
  file: string;
  raw: number;
  /** gzip, level 9. */
  gzip: number;
  /** brotli, quality 11 (text mode). */
  brotli: number;
}

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '.vite') continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile() && /\.(js|css)$/.test(entry.name)) out.push(full);
  }
}

/**
 * Sizes of every `.js`/`.css` file under `dir` (recursively, skipping `.vite/`), sorted by path,
 * with a `total` that sums each column. Compression uses node:zlib (gzip 9, brotli 11), so
 * results are deterministic: unlike timings they can be compared across runs.
 */
export function bundleSizes(dir: string): { files: FileSize[]; total: Omit<FileSize, 'file'> } {
  const paths: string[] = [];
  walk(dir, paths);
  const files = paths.sort().map((path): FileSize => {
    const body = readFileSync(path);
    return {
      file: relative(dir, path).split(sep).join('/'),
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      brotli: brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }).length,
    };
  });
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    total.raw += file.raw;
    total.gzip += file.gzip;
    total.brotli += file.brotli;
  }
  return { files, total };
}
