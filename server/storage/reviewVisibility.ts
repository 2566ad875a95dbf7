/**
 * Which reviews shoppers see: the one rule every public read applies (lists, star groups, featured
 * reviews, product and shop stats, the listing stats batch, hosted photos), so a pending, rejected
 * or hidden review is never served or counted anywhere.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { ReviewStatus } from './schema.ts';

/** The moderation status of a review shoppers may see. */
export const PUBLISHED: ReviewStatus = 'published';

/**
 * Published (by moderation) and not hidden (by the owner). `table` is the reviews table's name
 * or alias in the query (`r` where it is joined).
 */
export function isVisibleReview(table: 'reviews' | 'r' = 'reviews'): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${table}.hidden`)} = 0 AND ${sql.ref(`${table}.status`)} = ${PUBLISHED})`;
}
