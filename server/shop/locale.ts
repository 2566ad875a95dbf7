/** Locales served by the demo shop. The default locale has no prefix. */
export interface Locale {
  /** URL prefix without trailing slash: '' | '/es' | '/nl' | '/en-us'. */
  prefix: string;
  /** `<html lang>` and `Shopify.locale`. */
  lang: 'en' | 'es' | 'nl';
  /** Country implied by the market prefix (null = from cookie / default). */
  country: string | null;
}

/** The shop's locales, the default (no prefix) first. */
export const LOCALES: readonly Locale[] = [
  { prefix: '', lang: 'en', country: null },
  { prefix: '/es', lang: 'es', country: null },
  { prefix: '/nl', lang: 'nl', country: null },
  { prefix: '/en-us', lang: 'en', country: 'US' },
];

/** The locale of a URL path by its first segment (`/es/…`); the default locale otherwise. */
export function localeForPath(url: string): Locale {
  const segment = url.split('?')[0]!.split('/')[1]?.toLowerCase() ?? '';
  return LOCALES.find((locale) => locale.prefix === `/${segment}`) ?? LOCALES[0]!;
}

const STRINGS = {
  en: {
    skip: 'Skip to content',
    home: 'Home',
    catalog: 'Catalog',
    cart: 'Cart',
    search: 'Search',
    sale: 'Sale',
    soldOut: 'Sold out',
    addToCart: 'Add to cart',
    preorder: 'Pre-order',
    quantity: 'Quantity',
    regular: 'Regular price',
    salePrice: 'Sale price',
    sortBy: 'Sort by',
    products: 'products',
    yourCart: 'Your cart',
    emptyCart: 'Your cart is empty',
    continueShopping: 'Continue shopping',
    total: 'Estimated total',
    checkout: 'Check out',
    update: 'Update',
    remove: 'Remove',
    product: 'Product',
    price: 'Price',
    notFound: 'Page not found',
    notFoundText: 'The page you were looking for does not exist.',
    shopNow: 'Shop all',
    heroText: 'Thoughtfully made goods for everyday life.',
    featured: 'Featured products',
    viewAll: 'View all',
    country: 'Country/region',
    language: 'Language',
    taxes: 'Taxes and shipping calculated at checkout',
    itemsCount: 'items',
    quickLinks: 'Quick links',
    about: 'About',
    aboutText: 'Vitrine Demo is a pretend shop used to develop and test storefront widgets.',
    listProducts: 'Product list',
    reviews: 'Reviews',
    reviewsTitle: 'Customer reviews',
    reviewsText: 'What our customers say about our products.',
    reviewOrderTitle: 'Review your order',
    reviewOrderText: 'Taking you to the product you ordered…',
    reviewOrderMissing: 'This review link is not valid.',
  },
  es: {
    skip: 'Ir directamente al contenido',
    home: 'Inicio',
    catalog: 'Catálogo',
    cart: 'Carrito',
    search: 'Buscar',
    sale: 'Oferta',
    soldOut: 'Agotado',
    addToCart: 'Agregar al carrito',
    preorder: 'Reservar',
    quantity: 'Cantidad',
    regular: 'Precio habitual',
    salePrice: 'Precio de oferta',
    sortBy: 'Ordenar por',
    products: 'productos',
    yourCart: 'Tu carrito',
    emptyCart: 'Tu carrito esta vacío',
    continueShopping: 'Seguir comprando',
    total: 'Total estimado',
    checkout: 'Pagar pedido',
    update: 'Actualizar',
    remove: 'Eliminar',
    product: 'Producto',
    price: 'Precio',
    notFound: 'Página no encontrada',
    notFoundText: 'La página que buscabas no existe.',
    shopNow: 'Ver todo',
    heroText: 'Productos hechos con cuidado para el día a día.',
    featured: 'Productos destacados',
    viewAll: 'Ver todo',
    country: 'País/región',
    language: 'Idioma',
    taxes: 'Impuestos y envío calculados en la pantalla de pago',
    itemsCount: 'artículos',
    quickLinks: 'Enlaces rápidos',
    about: 'Acerca de',
    aboutText: 'Vitrine Demo es una tienda ficticia para desarrollar y probar widgets.',
    listProducts: 'Lista de productos',
    reviews: 'Opiniones',
    reviewsTitle: 'Opiniones de clientes',
    reviewsText: 'Lo que opinan nuestros clientes de nuestros productos.',
    reviewOrderTitle: 'Opina sobre tu pedido',
    reviewOrderText: 'Te llevamos al producto que pediste…',
    reviewOrderMissing: 'Este enlace de opinión no es válido.',
  },
  nl: {
    skip: 'Direct naar de inhoud',
    home: 'Home',
    catalog: 'Catalogus',
    cart: 'Winkelwagen',
    search: 'Zoeken',
    sale: 'Uitverkoop',
    soldOut: 'Uitverkocht',
    addToCart: 'Toevoegen aan winkelwagen',
    preorder: 'Pre-order',
    quantity: 'Aantal',
    regular: 'Normale prijs',
    salePrice: 'Aanbiedingsprijs',
    sortBy: 'Sorteren op',
    products: 'producten',
    yourCart: 'Je winkelwagen',
    emptyCart: 'Je winkelwagen is leeg',
    continueShopping: 'Verder winkelen',
    total: 'Geschat totaal',
    checkout: 'Afrekenen',
    update: 'Bijwerken',
    remove: 'Verwijderen',
    product: 'Product',
    price: 'Prijs',
    notFound: 'Pagina niet gevonden',
    notFoundText: 'De pagina die je zocht bestaat niet.',
    shopNow: 'Alles bekijken',
    heroText: 'Zorgvuldig gemaakte producten voor elke dag.',
    featured: 'Uitgelichte producten',
    viewAll: 'Alles bekijken',
    country: 'Land/regio',
    language: 'Taal',
    taxes: 'Belastingen en verzending worden berekend bij de checkout',
    itemsCount: 'artikelen',
    quickLinks: 'Snelle links',
    about: 'Over ons',
    aboutText: 'Vitrine Demo is een nepwinkel om storefront-widgets te ontwikkelen en testen.',
    listProducts: 'Productlijst',
    reviews: 'Beoordelingen',
    reviewsTitle: 'Klantbeoordelingen',
    reviewsText: 'Wat onze klanten over onze producten zeggen.',
    reviewOrderTitle: 'Beoordeel je bestelling',
    reviewOrderText: 'We brengen je naar het product dat je hebt besteld…',
    reviewOrderMissing: 'Deze beoordelingslink is niet geldig.',
  },
} as const;

/** A theme string's key. */
export type StringKey = keyof (typeof STRINGS)['en'];

/** A theme string in the locale's language. */
export function t(locale: Locale, key: StringKey): string {
  return STRINGS[locale.lang][key];
}
