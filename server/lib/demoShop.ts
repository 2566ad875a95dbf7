/**
 * The demo shop's identity, shared by the platform side (server/shop: page globals, canonical
 * URLs, the theme's script tag) and the provider side (server/provider, server/db: the seeded
 * shop row and its settings, the admin CLI's default shop).
 */

/** The demo shop's id at the provider (`/demo/vitrine.js`, `/api/…/demo/…`). */
export const DEMO_SHOP_ID = 'demo';

/** The demo shop's platform domain (`Shopify.shop`, canonical URLs, settings `shopDomain`). */
export const DEMO_SHOP_DOMAIN = 'vitrine-demo.myshopify.com';
