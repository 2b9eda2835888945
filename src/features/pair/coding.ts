/** The vocabularies of the form, loaded once per language and looked up by code. */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { CodingSchema, CodingVocabulary } from '../../contract/pair';
import { fetchCoding } from './api';

const cache = new Map<string, Promise<CodingSchema>>();

/** null while loading (or after a failure: labels then fall back to the codes). */
export function useCoding(): CodingSchema | null {
  const { i18n } = useLingui();
  const [coding, setCoding] = useState<CodingSchema | null>(null);
  useEffect(() => {
    let live = true;
    let pending = cache.get(i18n.locale);
    if (!pending) {
      pending = fetchCoding();
      cache.set(i18n.locale, pending);
      pending.catch(() => cache.delete(i18n.locale));
    }
    pending.then((value) => live && setCoding(value)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [i18n.locale]);
  return coding;
}

export function display(
  coding: CodingSchema | null,
  vocabulary: CodingVocabulary,
  code: string | null,
): string {
  if (code === null) return '';
  return coding?.[vocabulary].find((item) => item.code === code)?.display ?? code;
}

export function unitOf(coding: CodingSchema | null, index: string): string {
  return coding?.monitoringIndex.find((item) => item.code === index)?.unit ?? '';
}
