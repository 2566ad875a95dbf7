import { useEffect, useRef, useState, type DragEvent } from 'react';
import { guard } from './guard';
import { ACCEPTED_TYPES, addFiles, formatSize, isImageContent, markInvalid, removeFile, type UploadRow } from './uploaderRules';

/**
 * The file drag-and-drop uploader (spec §1, §4 "Uploader rows", §5 "Photos"), generic: a drop zone
 * whose whole area is a real, labelled `<input type="file">` (transparent, on top), so a click, a
 * tap, the keyboard (Tab, then Space or Enter) and a drop all reach it; rows show a thumbnail,
 * the name and the size, an error next to an invalid file and a labelled remove button. The rows
 * are the owner's (`rows` / `onChange`), so a form can reset them and see invalid ones; the rules
 * are in `uploaderRules.ts`.
 */
export interface UploaderProps {
  /** Id of the file input, unique in its document or shadow root (the description's id derives from it). */
  id: string;
  /** The field's label ('Photos'). */
  label: string;
  /** What the drop zone says ('Choose photos or drop them here'); it describes the input. */
  hint: string;
  /** Several files (else a new file replaces the chosen one). */
  multiple?: boolean;
  rows: readonly UploadRow[];
  onChange(rows: UploadRow[]): void;
  /** Shown next to a file of a type that is not accepted. */
  invalidText: string;
  /** Name of a row's remove button ('Remove photo.jpg'). */
  removeLabel(name: string): string;
}

export function Uploader({ id, label, hint, multiple = false, rows, onChange, invalidText, removeLabel }: UploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  // The rows as last handed to the owner: a content check that ends later updates these.
  const latest = useRef(rows);
  latest.current = rows;
  const add = (files: FileList | null | undefined) => {
    if (!files || !files.length) return;
    const next = addFiles(rows, Array.from(files), multiple);
    latest.current = next;
    onChange(next);
    // The type a file declares comes from its name: its first bytes decide (a failed read leaves
    // it to the provider, which checks the content again).
    for (const row of next) {
      if (!row.valid || rows.indexOf(row) >= 0) continue;
      row.file
        .slice(0, 4)
        .arrayBuffer()
        .then(
          guard((head: ArrayBuffer) => {
            if (!isImageContent(new Uint8Array(head)) && latest.current.some((current) => current.file === row.file)) {
              const marked = markInvalid(latest.current, [row.file.name]);
              latest.current = marked;
              onChange(marked);
            }
          }, 'uploader-check'),
        )
        .catch(() => {});
    }
  };
  // The drop is ours, not the input's: its default would replace the input's files instead of adding.
  const dragOver = guard((event: DragEvent) => {
    event.preventDefault();
    setOver(true);
  }, 'uploader-drag');
  return (
    <div className="uploader" part="uploader">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <div
        className={over ? 'drop over' : 'drop'}
        onDragEnter={dragOver}
        onDragOver={dragOver}
        onDragLeave={guard(() => setOver(false), 'uploader-drag')}
        onDrop={guard((event: DragEvent) => {
          event.preventDefault();
          setOver(false);
          add(event.dataTransfer?.files);
        }, 'uploader-drop')}
      >
        <span id={id + '-hint'}>{hint}</span>
        <input
          ref={input}
          id={id}
          type="file"
          className="file-input"
          accept={ACCEPTED_TYPES.join()}
          multiple={multiple}
          aria-describedby={id + '-hint'}
          onChange={guard((event: { currentTarget: HTMLInputElement }) => {
            add(event.currentTarget.files);
            // Cleared so that picking the same file again after removing it is a change.
            event.currentTarget.value = '';
          }, 'uploader-pick')}
        />
      </div>
      {rows.length > 0 && (
        <ul className="uploads">
          {rows.map((row) => (
            <UploadItem
              key={row.file.name}
              row={row}
              invalidText={invalidText}
              removeLabel={removeLabel(row.file.name)}
              onRemove={guard(() => {
                onChange(removeFile(rows, row.file.name));
                // The button is gone with its row: focus goes back to the picker, not to the page.
                input.current?.focus();
              }, 'uploader-remove')}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** One row; a valid image shows a thumbnail through an object URL, revoked when the row goes. */
function UploadItem({
  row,
  invalidText,
  removeLabel,
  onRemove,
}: {
  row: UploadRow;
  invalidText: string;
  removeLabel: string;
  onRemove(): void;
}) {
  const [thumbnail, setThumbnail] = useState<string>();
  useEffect(() => {
    if (!row.valid || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(row.file);
    setThumbnail(url);
    return () => URL.revokeObjectURL(url);
  }, [row]);
  return (
    <li className={row.valid ? 'upload' : 'upload invalid'}>
      {thumbnail ? <img className="upload-thumb" src={thumbnail} alt="" width="44" height="44" /> : <span className="upload-thumb" />}
      <span className="upload-name">{row.file.name}</span>
      <span className="upload-size">{formatSize(row.file.size)}</span>
      <button type="button" className="upload-remove" aria-label={removeLabel} onClick={onRemove}>
        ×
      </button>
      {!row.valid && (
        <p className="upload-error" role="alert">
          {invalidText}
        </p>
      )}
    </li>
  );
}

/** Styles the uploader needs; the owner adds `.label` (its field labels). Invalid rows are red (spec §5). */
export const UPLOADER_CSS = `.drop{position:relative;padding:16px;border:2px dashed var(--bd,#ccc);border-radius:8px;text-align:center;color:var(--mu,#666)}.drop.over,.drop:focus-within{border-color:#2563eb}.drop:focus-within{outline:2px solid #2563eb;outline-offset:2px}.file-input{position:absolute;inset:0;width:100%;height:100%;opacity:0;cursor:pointer}.uploads{list-style:none;margin-top:8px}.upload{display:flex;flex-wrap:wrap;align-items:center;gap:4px 10px;padding:6px 0;border-bottom:1px solid var(--bd,#e2e2e2)}.upload-thumb{width:44px;height:44px;object-fit:cover;border-radius:4px;background:#eee}.upload-name{flex:1;min-width:0;overflow-wrap:anywhere}.upload-size{color:var(--mu,#666);font-size:13px}.upload-remove{width:36px;height:36px;font-size:22px;line-height:1}.invalid{color:#c00}.upload-error{flex-basis:100%}`;
