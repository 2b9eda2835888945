import { atom } from 'jotai';
import type { HomeSummary } from '../../contract/home';

/** The last home summary and when it came: the tab badges read it instead of asking again. */
export const homeSummaryAtom = atom<{ summary: HomeSummary; at: number } | null>(null);
