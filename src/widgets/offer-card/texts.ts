import type { Availability } from './price';

/** The card's built-in texts (spec §9: en, es, nl); the accept button's can be the shop's own (settings). */
export interface OfferTexts {
  /** The card's heading. */
  heading: string;
  /** The accept button by availability (spec §2). */
  accept: Record<Availability, string>;
  /** The recommended-products selector's name (spec §1). */
  choose: string;
  /** The variant dropdown's name. */
  variant: string;
  /** Visually hidden names of the three prices. */
  offerPrice: string;
  originalPrice: string;
  initialPrice: string;
  /** `{percent}` off, next to the prices. */
  save: string;
  /** Said once the offer is in the cart. */
  added: string;
  /** Said while it is being added (the button's spinner). */
  adding: string;
  /** Said when the cart could not be reached. */
  failed: string;
}

export const TEXTS: Record<'en' | 'es' | 'nl', OfferTexts> = {
  en: {
    heading: 'Special offer',
    accept: { available: 'Add to cart', unavailable: 'Sold out', preOrder: 'Pre-order' },
    choose: 'Recommended products',
    variant: 'Variant',
    offerPrice: 'Offer price',
    originalPrice: 'Regular price',
    initialPrice: 'Was',
    save: 'Save {percent} %',
    added: 'Added to your cart',
    adding: 'Adding to your cart',
    failed: 'The product could not be added. Please try again.',
  },
  es: {
    heading: 'Oferta especial',
    accept: { available: 'Añadir al carrito', unavailable: 'Agotado', preOrder: 'Reservar' },
    choose: 'Productos recomendados',
    variant: 'Variante',
    offerPrice: 'Precio de oferta',
    originalPrice: 'Precio habitual',
    initialPrice: 'Antes',
    save: 'Ahorra un {percent} %',
    added: 'Añadido a tu carrito',
    adding: 'Añadiendo a tu carrito',
    failed: 'No se pudo añadir el producto. Inténtalo de nuevo.',
  },
  nl: {
    heading: 'Speciale aanbieding',
    accept: { available: 'In winkelwagen', unavailable: 'Uitverkocht', preOrder: 'Pre-order' },
    choose: 'Aanbevolen producten',
    variant: 'Variant',
    offerPrice: 'Aanbiedingsprijs',
    originalPrice: 'Normale prijs',
    initialPrice: 'Was',
    save: 'Bespaar {percent} %',
    added: 'Toegevoegd aan je winkelwagen',
    adding: 'Wordt toegevoegd aan je winkelwagen',
    failed: 'Het product kon niet worden toegevoegd. Probeer het opnieuw.',
  },
};
