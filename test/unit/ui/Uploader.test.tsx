// @vitest-environment jsdom
/** The generic uploader under real React: a labelled file input, rows, errors next to files, thumbnails. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Uploader } from '../../../src/ui/Uploader';
import type { UploadRow } from '../../../src/ui/uploaderRules';

/** The first bytes of each type, so the uploader's content check sees what the type says. */
const MAGIC: Record<string, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47],
  'image/gif': [0x47, 0x49, 0x46, 0x38],
};
const file = (name: string, type = 'image/jpeg', size = 2048) => {
  const bytes = new Uint8Array(size);
  bytes.set(MAGIC[type] ?? []);
  return new File([bytes], name, { type });
};

function Harness({ multiple = true }: { multiple?: boolean }) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  return (
    <Uploader
      id="up"
      label="Photos"
      hint="Choose photos or drop them here"
      multiple={multiple}
      rows={rows}
      onChange={setRows}
      invalidText="Only image file types are supported for upload"
      removeLabel={(name) => `Remove ${name}`}
    />
  );
}

const input = () => screen.getByLabelText('Photos') as HTMLInputElement;
const pick = (...files: File[]) => act(() => void fireEvent.change(input(), { target: { files } }));
const rowTexts = () => Array.from(document.querySelectorAll('li')).map((row) => row.textContent);

let created: string[];
let revoked: string[];
beforeEach(() => {
  created = [];
  revoked = [];
  let next = 0;
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:thumb-${++next}`;
    created.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
});
afterEach(() => {
  cleanup();
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
  delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
});

describe('Uploader', () => {
  test('a real file input: labelled, described by the drop zone text, the accepted types, multiple', () => {
    render(<Harness />);
    const field = input();
    expect(field.type).toBe('file');
    expect(field.multiple).toBe(true);
    expect(field.accept).toBe('image/jpeg,image/jpg,image/png,image/gif,image/x-icon');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)!.textContent).toBe('Choose photos or drop them here');
    expect(field.tabIndex).toBe(0);
  });

  test('rows show name and size; a wrong type is listed with its error next to it; only images get thumbnails', () => {
    render(<Harness />);
    pick(file('a.jpg', 'image/jpeg', 1536), file('notes.pdf', 'application/pdf', 3 * 1024 * 1024));
    expect(rowTexts()).toEqual(['a.jpg1.5 KB×', 'notes.pdf3 MB×Only image file types are supported for upload']);
    const [valid, invalid] = Array.from(document.querySelectorAll('li'));
    expect(valid!.classList.contains('invalid')).toBe(false);
    expect(invalid!.classList.contains('invalid')).toBe(true);
    expect(invalid!.querySelector('[role=alert]')!.textContent).toBe('Only image file types are supported for upload');
    expect(valid!.querySelector('img')!.getAttribute('src')).toBe('blob:thumb-1');
    expect(invalid!.querySelector('img')).toBeNull();
    expect(created).toEqual(['blob:thumb-1']);
    // The input is emptied: picking the same file again after removing it is a change.
    expect(input().value).toBe('');
  });

  test('a file with the name of one already chosen is ignored', () => {
    render(<Harness />);
    pick(file('a.jpg'));
    pick(file('a.jpg', 'image/png', 99), file('b.png', 'image/png'));
    expect(rowTexts().map((text) => text!.split(/\d/)[0])).toEqual(['a.jpg', 'b.png']);
  });

  test('removal by the labelled button: the row goes, its object URL is revoked, focus returns to the picker', () => {
    render(<Harness />);
    pick(file('a.jpg'), file('b.jpg'));
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Remove a.jpg' })));
    expect(rowTexts().map((text) => text!.slice(0, 5))).toEqual(['b.jpg']);
    expect(revoked).toEqual(['blob:thumb-1']);
    expect(document.activeElement).toBe(input());
  });

  test('a drop adds its files (the zone takes it, not the input); the zone shows the drag', () => {
    render(<Harness />);
    const zone = document.querySelector('.drop')!;
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone.classList.contains('over')).toBe(true);
    const dropped = fireEvent.drop(zone, { dataTransfer: { files: [file('d.gif', 'image/gif')] } });
    expect(dropped).toBe(false); // default prevented
    expect(zone.classList.contains('over')).toBe(false);
    expect(rowTexts()[0]).toContain('d.gif');
  });

  test('single mode: a new file replaces the chosen one and its thumbnail is revoked', () => {
    render(<Harness multiple={false} />);
    expect(input().multiple).toBe(false);
    pick(file('a.jpg'));
    pick(file('b.jpg'));
    expect(rowTexts()).toEqual(['b.jpg2 KB×']);
    expect(revoked).toEqual(['blob:thumb-1']);
  });

  test('unmounting revokes every thumbnail', () => {
    const { unmount } = render(<Harness />);
    pick(file('a.jpg'), file('b.png', 'image/png'));
    unmount();
    expect(revoked.sort()).toEqual(['blob:thumb-1', 'blob:thumb-2']);
  });

  test('a file whose content is not an image (an HTML page named photo.jpg) becomes an invalid row', async () => {
    // jsdom's Blob has no arrayBuffer() (every browser we support has): read it as a browser would.
    Blob.prototype.arrayBuffer ??= function (this: Blob) {
      return new Promise<ArrayBuffer>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.readAsArrayBuffer(this);
      });
    };
    render(<Harness />);
    const page = new File(['<!doctype html><script>alert(1)</script>'], 'photo.jpg', { type: 'image/jpeg' });
    pick(page, file('real.jpg'));
    await vi.waitFor(() => expect(document.querySelectorAll('li.invalid')).toHaveLength(1));
    expect(rowTexts()[0]).toContain('Only image file types are supported for upload');
    expect(rowTexts()[1]).not.toContain('Only image');
  });
});
