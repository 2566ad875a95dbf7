/** Spec §2 "Preview badge" texts in the built-in languages. */
export const TEXTS = {
  en: {
    title: 'Preview Mode',
    body: 'Only you can see the {productName} apps.',
    placement: 'The app was placed automatically. Change its position with the theme sections.',
    close: 'Close',
  },
  es: {
    title: 'Modo de vista previa',
    body: 'Solo tú puedes ver las aplicaciones de {productName}.',
    placement: 'La aplicación se colocó automáticamente. Cambia su posición con las secciones del tema.',
    close: 'Cerrar',
  },
  nl: {
    title: 'Voorbeeldmodus',
    body: 'Alleen jij kunt de {productName}-apps zien.',
    placement: 'De app is automatisch geplaatst. Wijzig de positie via de themasecties.',
    close: 'Sluiten',
  },
};
