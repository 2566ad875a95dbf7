/**
 * The rules of the file drag-and-drop uploader (spec §1, §4 "Uploader rows", §5 "Photos"), apart
 * from its markup so each one is tested on its own: which types are accepted, what adding a file
 * does to the chosen rows, removal by name and the size text.
 */

/** The only types accepted (spec §5); any other file becomes an invalid row. */
export const ACCEPTED_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/x-icon'];

/** One chosen file; an invalid row (a type we do not accept) shows its error next to it. */
export interface UploadRow {
  file: File;
  valid: boolean;
}

/** What adding one file does to the rows. */
export type AddDecision =
  /** A file with the same name is already chosen: the new one is ignored. */
  | { kind: 'ignore' }
  /** Multiple mode: the row goes after the others. */
  | { kind: 'append'; row: UploadRow }
  /** Single mode: the row takes the place of the one chosen before. */
  | { kind: 'replace'; row: UploadRow };

/** The decision for adding `file` to `rows` (spec §5: same name ignored, single mode replaces). */
export function decideAdd(rows: readonly UploadRow[], file: File, multiple: boolean): AddDecision {
  if (rows.some((row) => row.file.name === file.name)) return { kind: 'ignore' };
  const row = { file, valid: ACCEPTED_TYPES.indexOf(file.type) >= 0 };
  return multiple ? { kind: 'append', row } : { kind: 'replace', row };
}

/** `rows` after adding `files` one by one (a drop or a pick may bring several). */
export function addFiles(rows: readonly UploadRow[], files: readonly File[], multiple: boolean): UploadRow[] {
  let next = rows.slice();
  for (const file of files) {
    const decision = decideAdd(next, file, multiple);
    switch (decision.kind) {
      case 'ignore':
        break;
      case 'append':
        next.push(decision.row);
        break;
      case 'replace':
        next = [decision.row];
        break;
    }
  }
  return next;
}

/**
 * Whether a file's first bytes are those of an image type we accept (JPEG, PNG, GIF, ICO): the
 * declared type comes from the file's name, so an HTML page or a script renamed `photo.jpg`
 * would otherwise pass as a photo (the provider refuses it too, but the shopper learns it here).
 */
export function isImageContent(head: Uint8Array): boolean {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  return starts(0xff, 0xd8, 0xff) || starts(0x89, 0x50, 0x4e, 0x47) || starts(0x47, 0x49, 0x46, 0x38) || starts(0, 0, 1, 0);
}

/** `rows` with the files named in `names` marked invalid (their content is not an image). */
export const markInvalid = (rows: readonly UploadRow[], names: readonly string[]): UploadRow[] =>
  rows.map((row) => (names.indexOf(row.file.name) >= 0 ? { file: row.file, valid: false } : row));

/** `rows` without the file named `name` (spec §5: removal is by file name). */
export const removeFile = (rows: readonly UploadRow[], name: string): UploadRow[] => rows.filter((row) => row.file.name !== name);

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'];

/**
 * A file size as the uploader shows it (spec §5): in the largest unit of 1024 that keeps the
 * number at least 1, rounded to 2 decimals with trailing zeros dropped — '0 Bytes', '512 Bytes',
 * '1.5 KB', '3.79 MB'; TB is the largest unit.
 */
export function formatSize(bytes: number): string {
  if (!(bytes > 0)) return '0 Bytes';
  const unit = Math.max(0, Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024))));
  return `${parseFloat((bytes / Math.pow(1024, unit)).toFixed(2))} ${SIZE_UNITS[unit]}`;
}
