/**
 * What a shop's stored settings say about shoppers' reviews: whether the form takes them, whether
 * photos may come with them (the published `reviews.reviewForm` the widget also reads), and which
 * are published at once (the server-only `moderation.autoPublishMinStars`; the others wait for
 * the owner's approval).
 */
import type { ShopRow } from '../storage/schema.ts';
import { storedSettingsOf } from './settings.ts';

/** Reviews with at least this many stars are published at once unless the shop says otherwise. */
const DEFAULT_AUTO_PUBLISH_MIN_STARS = 4;

/** A shop's rules for submitted reviews. */
export interface SubmissionPolicy {
  /** `reviews.reviewForm.enabled` (default true). */
  formEnabled: boolean;
  /** `reviews.reviewForm.allowPhotoUpload` (default true). */
  photosAllowed: boolean;
  /** Reviews with at least this many stars are published at once; null: every review waits. */
  autoPublishMinStars: number | null;
}

const objectAt = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * `moderation.autoPublishMinStars`: a whole number 1–5, or null (nothing is published before the
 * owner approves it); anything else (or nothing) is the default, 4.
 */
function autoPublishMinStars(moderation: Record<string, unknown>): number | null {
  const value = moderation.autoPublishMinStars;
  if (value === null) return null;
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5 ? (value as number) : DEFAULT_AUTO_PUBLISH_MIN_STARS;
}

/** The shop's rules for submitted reviews, from its stored settings. */
export function submissionPolicy(shop: Pick<ShopRow, 'settings_json'>): SubmissionPolicy {
  const settings = storedSettingsOf(shop);
  const form = objectAt(objectAt(settings.reviews).reviewForm);
  return {
    formEnabled: form.enabled !== false,
    photosAllowed: form.allowPhotoUpload !== false,
    autoPublishMinStars: autoPublishMinStars(objectAt(settings.moderation)),
  };
}

/** Whether a review with `stars` is published at once or waits for the owner. */
export function initialStatus(policy: SubmissionPolicy, stars: number): 'published' | 'pending' {
  return policy.autoPublishMinStars !== null && stars >= policy.autoPublishMinStars ? 'published' : 'pending';
}
