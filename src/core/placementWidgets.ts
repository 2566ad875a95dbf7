/**
 * The widgets a shop owner can move (spec §7: "injector placements for widget ids 4, 5, 6"), by
 * the id the provider's placement calls use, and the widget each one places (its chunk name): 4
 * the reviews widget, 5 the product page's stars line (drawn by `star-snippets`), 6 the offer
 * card. Shared by the storefront and the provider (server/provider/placements.ts).
 */
export const PLACEMENT_WIDGETS = { 4: 'reviews', 5: 'star-snippets', 6: 'offer-card' } as const;
