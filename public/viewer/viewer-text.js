/** The viewer's texts: Italian by default, English with `lang=en` in the URL. */
const texts = {
  it: {
    pageTitle: 'Visualizzatore immagini',
    help: "Trascina sull'immagine: in orizzontale cambia la finestra, in verticale il livello. Rotellina o frecce per scorrere le immagini.",
    slicesGroup: 'Immagini',
    windowGroup: 'Finestra e livello',
    previous: 'Immagine precedente',
    next: 'Immagine successiva',
    slice: 'Immagine',
    preset: 'Preimpostazione',
    widthDown: 'Finestra −',
    widthUp: 'Finestra +',
    levelDown: 'Livello −',
    levelUp: 'Livello +',
    reset: 'Ripristina',
    counter: 'Immagine {n} di {total}',
    imageLabel: '{description}, immagine {n} di {total}, finestra {width}, livello {center}',
    loading: 'Caricamento delle immagini: {loaded} di {total}…',
    expired: 'Il collegamento non è valido o è scaduto. Riapri lo studio dal dossier.',
    failed: 'Impossibile visualizzare le immagini. Riprova più tardi o contatta l’assistenza.',
    default: 'Predefinita',
    brain: 'Encefalo',
    bone: 'Osso',
    softTissue: 'Tessuti molli',
    lung: 'Polmone',
    highContrast: 'Contrasto alto',
    lowContrast: 'Contrasto basso',
  },
  en: {
    pageTitle: 'Image viewer',
    help: 'Drag on the image: horizontally to change the window, vertically the level. Wheel or arrow keys to scroll through the images.',
    slicesGroup: 'Images',
    windowGroup: 'Window and level',
    previous: 'Previous image',
    next: 'Next image',
    slice: 'Image',
    preset: 'Preset',
    widthDown: 'Window −',
    widthUp: 'Window +',
    levelDown: 'Level −',
    levelUp: 'Level +',
    reset: 'Reset',
    counter: 'Image {n} of {total}',
    imageLabel: '{description}, image {n} of {total}, window {width}, level {center}',
    loading: 'Loading images: {loaded} of {total}…',
    expired: 'This link is not valid or has expired. Open the study again from the dossier.',
    failed: 'The images cannot be shown. Try again later or contact support.',
    default: 'Default',
    brain: 'Brain',
    bone: 'Bone',
    softTissue: 'Soft tissue',
    lung: 'Lung',
    highContrast: 'High contrast',
    lowContrast: 'Low contrast',
  },
};

/** @param {string | null} lang @returns {(key: keyof typeof texts.it, values?: Record<string, string | number>) => string} */
export function translator(lang) {
  const table = lang === 'en' ? texts.en : texts.it;
  return (key, values = {}) =>
    table[key].replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? `{${name}}`));
}

/** Applies the texts to the elements marked with data-text (content) and data-label (aria-label). */
export function applyTexts(t) {
  for (const element of document.querySelectorAll('[data-text]'))
    element.textContent = t(element.dataset.text);
  for (const element of document.querySelectorAll('[data-label]'))
    element.setAttribute('aria-label', t(element.dataset.label));
}
