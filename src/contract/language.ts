import * as v from 'valibot';

/** The portal's languages: Italian, the default, and English (spec section 1). */
export type Language = 'it' | 'en';
export const LANGUAGES: readonly Language[] = ['it', 'en'];
export const Language = v.picklist(LANGUAGES);
