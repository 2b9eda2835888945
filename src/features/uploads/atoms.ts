import { atom } from 'jotai';

/** Bumped whenever the uploads change or are read, so the notification badge asks again. */
export const uploadsVersionAtom = atom(0);
