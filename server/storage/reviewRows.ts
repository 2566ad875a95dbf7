/** Review rows with their photos, serialized as the widgets and the owner receive them. */
import type { Kysely } from 'kysely';
import { toReviewJson, type ReviewJson, type StoredPhoto } from '../provider/reviewJson.ts';
import type { ReviewRow, Schema } from './schema.ts';

/** Stored photos (value and thumbnail) per review id, in position order, in one query. */
export async function storedPhotosOf(db: Kysely<Schema>, reviewIds: number[]): Promise<Map<number, StoredPhoto[]>> {
  const out = new Map<number, StoredPhoto[]>();
  if (!reviewIds.length) return out;
  const rows = await db
    .selectFrom('review_photos')
    .select(['review_id', 'url', 'thumbnail_url'])
    .where('review_id', 'in', reviewIds)
    .orderBy('review_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = out.get(row.review_id) ?? [];
    list.push({ url: row.url, thumbnail: row.thumbnail_url });
    out.set(row.review_id, list);
  }
  return out;
}

/** Rows as ReviewJson, their photos fetched in one query. */
export async function serializeReviews(db: Kysely<Schema>, rows: ReviewRow[], ownerName: string): Promise<ReviewJson[]> {
  const photos = await storedPhotosOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toReviewJson(row, photos.get(row.id) ?? [], ownerName));
}
