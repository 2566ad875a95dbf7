/** The uploader's rules (spec §5 "Photos", §4 "Uploader rows"), one by one. */
import { describe, expect, test } from 'vitest';
import {
  ACCEPTED_TYPES,
  addFiles,
  decideAdd,
  formatSize,
  isImageContent,
  markInvalid,
  removeFile,
  type UploadRow,
} from '../../../src/ui/uploaderRules';

const file = (name: string, type = 'image/jpeg', size = 10) => new File([new Uint8Array(size)], name, { type });
const names = (rows: UploadRow[]) => rows.map((row) => `${row.file.name}:${row.valid ? 'valid' : 'invalid'}`);

describe('accepted types', () => {
  test('exactly image/jpeg, image/jpg, image/png, image/gif, image/x-icon', () => {
    expect(ACCEPTED_TYPES).toEqual(['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/x-icon']);
  });
  test.each(ACCEPTED_TYPES)('%s makes a valid row', (type) => {
    expect(decideAdd([], file('a', type), true)).toEqual({ kind: 'append', row: { file: expect.any(File), valid: true } });
  });
  test.each(['image/webp', 'image/heic', 'image/svg+xml', 'application/pdf', 'text/plain', '', 'image/vnd.microsoft.icon'])(
    '%j makes an invalid row (it is listed, with its error)',
    (type) => {
      const decision = decideAdd([], file('a', type), true);
      expect(decision).toMatchObject({ kind: 'append', row: { valid: false } });
    },
  );
});

describe('adding', () => {
  test('a file with the name of one already chosen is ignored, whatever its type or size', () => {
    const rows = addFiles([], [file('a.jpg')], true);
    expect(decideAdd(rows, file('a.jpg', 'image/png', 99), true)).toEqual({ kind: 'ignore' });
    expect(decideAdd(rows, file('a.jpg'), false)).toEqual({ kind: 'ignore' });
    expect(addFiles(rows, [file('a.jpg', 'text/plain')], true)).toEqual(rows);
  });
  test('multiple mode appends, in the order given; one pick with a repeated name keeps the first', () => {
    const rows = addFiles([], [file('a.jpg'), file('b.pdf', 'application/pdf'), file('a.jpg', 'image/png')], true);
    expect(names(rows)).toEqual(['a.jpg:valid', 'b.pdf:invalid']);
    expect(names(addFiles(rows, [file('c.gif', 'image/gif')], true))).toEqual(['a.jpg:valid', 'b.pdf:invalid', 'c.gif:valid']);
  });
  test('single mode: a new file replaces the chosen one; of several, the last stays', () => {
    const rows = addFiles([], [file('a.jpg')], false);
    expect(decideAdd(rows, file('b.png', 'image/png'), false)).toMatchObject({ kind: 'replace', row: { valid: true } });
    expect(names(addFiles(rows, [file('b.png', 'image/png')], false))).toEqual(['b.png:valid']);
    expect(names(addFiles([], [file('a.jpg'), file('b.txt', 'text/plain')], false))).toEqual(['b.txt:invalid']);
  });
  test('the rows given are not changed', () => {
    const rows = addFiles([], [file('a.jpg')], true);
    addFiles(rows, [file('b.jpg')], true);
    expect(rows).toHaveLength(1);
  });
});

describe('removing', () => {
  test('by file name; an unknown name changes nothing', () => {
    const rows = addFiles([], [file('a.jpg'), file('b.jpg'), file('c.txt', 'text/plain')], true);
    expect(names(removeFile(rows, 'b.jpg'))).toEqual(['a.jpg:valid', 'c.txt:invalid']);
    expect(names(removeFile(rows, 'c.txt'))).toEqual(['a.jpg:valid', 'b.jpg:valid']);
    expect(removeFile(rows, 'x.jpg')).toEqual(rows);
  });
});

describe('formatSize', () => {
  test.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [512, '512 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234, '1.21 KB'],
    [1024 * 1024 - 1, '1024 KB'],
    [1024 * 1024, '1 MB'],
    [3.79 * 1024 * 1024, '3.79 MB'],
    [4_000_000, '3.81 MB'],
    [1024 ** 3 * 2.5, '2.5 GB'],
    [1024 ** 4, '1 TB'],
    [1024 ** 5 * 3, '3072 TB'],
  ])('%d bytes: %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
  test('nothing sensible is 0 Bytes', () => {
    for (const bytes of [-1, NaN]) expect(formatSize(bytes)).toBe('0 Bytes');
  });
});

describe('content check', () => {
  const head = (...bytes: number[]) => new Uint8Array(bytes);
  test('JPEG, PNG, GIF and ICO signatures are images', () => {
    expect(isImageContent(head(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(isImageContent(head(0x89, 0x50, 0x4e, 0x47))).toBe(true);
    expect(isImageContent(head(0x47, 0x49, 0x46, 0x38))).toBe(true);
    expect(isImageContent(head(0, 0, 1, 0))).toBe(true);
  });
  test('HTML, PHP, SVG, PDF, an empty file and a cursor are not', () => {
    for (const text of ['<!do', '<?ph', '<svg', '%PDF', '']) expect(isImageContent(new TextEncoder().encode(text)), text).toBe(false);
    expect(isImageContent(head(0, 0, 2, 0))).toBe(false);
  });
  test('markInvalid marks the named rows only', () => {
    const rows: UploadRow[] = [
      { file: file('a.jpg'), valid: true },
      { file: file('b.jpg'), valid: true },
    ];
    expect(markInvalid(rows, ['b.jpg']).map((row) => row.valid)).toEqual([true, false]);
  });
});
