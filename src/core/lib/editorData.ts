/**
 * The theme editor's data (spec §6), `{ template, pageType, token }`: the app embed writes it as
 * JSON into `#vitrine-editor` in design mode only (extensions/vitrine-theme). Null when absent or
 * garbled.
 */
export function editorData(win: Window): Record<string, unknown> | null {
  try {
    return JSON.parse(win.document.getElementById('vitrine-editor')!.textContent!) as Record<string, unknown>;
  } catch {
    return null;
  }
}
