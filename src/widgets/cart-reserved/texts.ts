/** The box's text in the built-in languages (spec §9: en, es, nl). `{time}` is mm:ss. */
export const TEXTS = {
  en: { reserved: 'Your cart is reserved for {time} minutes!', label: 'Cart reservation' },
  es: { reserved: '¡Tu carrito está reservado durante {time} minutos!', label: 'Reserva del carrito' },
  nl: { reserved: 'Je winkelwagen is {time} minuten gereserveerd!', label: 'Winkelwagenreservering' },
};
