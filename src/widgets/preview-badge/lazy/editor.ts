/**
 * The store editor's tools (spec §6), a lazy part of the preview badge loaded in design mode
 * only: the editor's section and block events, and an outline with a small header over each
 * widget the owner can move, whose "Move" opens the dialog that saves a new place
 * (`update-selector`, spec §7). Shoppers never load it.
 */
import type { WidgetContext } from '../../types';
import { createEditorLayer } from '../editorLayer';
import { followSectionEvents } from '../sectionEvents';

/** Starts the editor's tools on this page; the returned function removes them. */
export function startEditor(ctx: WidgetContext): () => void {
  const layer = createEditorLayer(document, ctx);
  const stop = followSectionEvents(document, ctx, layer.redraw);
  return () => {
    stop();
    layer.remove();
  };
}
