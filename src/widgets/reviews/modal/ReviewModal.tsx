/**
 * The review modal (spec §2 "Review modal", §4), its own lazy chunk: loaded on the first photo
 * click or `?review=<id>` link. Photo gallery (main photo, thumbnails, "Photo 2 of 5" announced),
 * prev/next arrows, product image and title, author, verified mark, stars, optional date, text
 * and store reply. ←/→ keys, the arrows and a horizontal swipe go to the previous/next review
 * that has photos, wrapping around.
 */
import { useLayoutEffect, useRef, useState, type TouchEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { guard } from '../../../ui/guard';
import { Modal, MODAL_CSS } from '../../../ui/Modal';
// Only types from the widget: its components arrive through `c.ui` (see SHARED_UI).
import type { ModalComponentProps } from '../controller';

const CSS =
  MODAL_CSS +
  `.rm{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:24px}@media (max-width:767px){.rm{grid-template-columns:1fr}}` +
  `.gal{position:relative;touch-action:pan-y;min-height:120px}.gm{width:100%;height:min(60vh,520px);min-height:min(350px,50vh);object-fit:contain;background:#f3f3f3;border-radius:6px}` +
  `.gc{margin-top:6px;color:var(--mu);font-size:13px}.th{display:flex;flex-wrap:wrap;gap:6px;margin-top:6px}.th button{width:68px;height:68px;border-radius:6px;overflow:hidden;border:2px solid transparent}` +
  `.th button[aria-current=true]{border-color:var(--fg)}.th img{width:100%;height:100%;object-fit:cover}` +
  `.nav{display:flex;justify-content:space-between;margin-top:10px}.nav button{width:44px;height:44px;border-radius:50%;border:1px solid var(--bd);font-size:22px;line-height:1}` +
  `.pr{display:flex;gap:10px;align-items:center;padding-bottom:12px;margin-bottom:12px;border-bottom:1px solid var(--bd);font-weight:600}.pr img{width:48px;height:48px;object-fit:cover;border-radius:4px}` +
  `.rmi .who{margin-bottom:6px}`;

export function ReviewModal({ c, start, onClose }: ModalComponentProps) {
  useSignals();
  const { texts: t, settings } = c;
  const { Stars, Html, Verified, formatDate, fill } = c.ui;
  const reviews = c.state.reviews.value;
  const [cur, setCur] = useState(start);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // Moving to another review replaces the controls under the focus: keep focus in the dialog.
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const el = box.current;
    const root = el && (el.getRootNode() as ShadowRoot | Document);
    if (el && root && !el.contains(root.activeElement)) el.querySelector<HTMLElement>('.next')?.focus();
  }, [cur.index]);
  const r = reviews[cur.index];
  if (!r) return null;
  const n = r.photos.length;
  const photo = Math.min(Math.max(0, cur.photo), Math.max(0, n - 1));
  const withPhotos = reviews.filter((x) => x.photos.length).length;

  /** Previous (-1) / next (1) review with photos, wrapping around. */
  const go = guard((dir: number) => {
    const len = reviews.length;
    for (let k = 1; k <= len; k++) {
      const j = (((cur.index + dir * k) % len) + len) % len;
      if (reviews[j]!.photos.length) {
        setCur({ index: j, photo: 0 });
        return;
      }
    }
  }, 'modal-navigation');
  const keys = (e: KeyboardEvent) => {
    if (e.key == 'ArrowLeft' || e.key == 'ArrowRight') {
      e.preventDefault();
      go(e.key == 'ArrowLeft' ? -1 : 1);
    }
  };
  const photoText = fill(t.photo, { i: photo + 1, n });

  return (
    <Modal label={fill(t.reviewBy, { name: r.name })} closeLabel={t.close} onClose={onClose} onKeyDown={keys}>
      <style>{CSS}</style>
      <div ref={box} className="rm" data-review-id={r.id}>
        <div
          className="gal"
          part="gallery"
          onTouchStart={guard((e: TouchEvent) => {
            const p = e.touches[0];
            touch.current = p ? { x: p.clientX, y: p.clientY } : null;
          }, 'modal-swipe')}
          onTouchEnd={guard((e: TouchEvent) => {
            const p = e.changedTouches[0];
            const from = touch.current;
            touch.current = null;
            if (!p || !from) return;
            const dx = p.clientX - from.x;
            if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(p.clientY - from.y)) go(dx < 0 ? 1 : -1);
          }, 'modal-swipe')}
        >
          {n > 0 && (
            <>
              <img className="gm" src={r.photos[photo]} alt={photoText} />
              <p className="gc" aria-live="polite" aria-atomic="true">
                {photoText}
              </p>
              {n > 1 && (
                <div className="th">
                  {r.photos.map((u, i) => (
                    <button type="button" key={u + i} aria-label={fill(t.photo, { i: i + 1, n })} aria-current={i == photo} onClick={() => setCur({ index: cur.index, photo: i })}>
                      <img src={u} alt="" loading="lazy" />
                    </button>
                  ))}
                </div>
              )}
            </>
          )}
          {withPhotos > (n ? 1 : 0) && (
            <div className="nav">
              <button type="button" className="prev" aria-label={t.prev} onClick={() => go(-1)}>
                ‹
              </button>
              <button type="button" className="next" aria-label={t.next} onClick={() => go(1)}>
                ›
              </button>
            </div>
          )}
        </div>
        <div className="rmi">
          {c.product.title && (
            <div className="pr">
              {c.product.image && <img src={c.product.image} alt="" />}
              <span>{c.product.title}</span>
            </div>
          )}
          <div className="who">
            <span className="nm" part="author">
              {r.name}
            </span>
            {r.verified && settings.showVerifiedIcons && <Verified label={t.verified} />}
            {settings.showDates && r.date > 0 && <span className="dt">{formatDate(r.date, settings.dateFormat)}</span>}
          </div>
          <Stars rating={r.stars} starStyle={settings.starStyle} label={fill(t.rated, { n: r.stars })} />
          <Html className="tx" html={r.review} />
          {r.reply && (
            <div className="rp" part="reply">
              <p className="ra">{fill(t.replyFrom, { name: r.replyAuthor })}</p>
              <Html className="tx" html={r.reply} />
            </div>
          )}
        </div>
      </div>
    </Modal>
  );
}
