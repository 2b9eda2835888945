/** The consent type and its model form for a flow: `medmakerModel` may name the model or the consent. */
import { useCallback } from 'react';
import type { LoaderControl } from '../../api/use-loader';
import { useLoader } from '../../api/use-loader';
import type { ConsentType } from '../../contract/consents-catalogue';
import { fetchConsentTypes, fetchModel } from './api';
import type { ParsedForm } from './json-schema';
import { parseFormSchema } from './json-schema';

export interface ConsentModel {
  type: ConsentType;
  form: ParsedForm | null;
  /** The information notice, read on the form step before its "I have read it" (empty without a form). */
  notice: readonly string[];
}

export function useConsentModel(model: string | null, withForm: boolean): LoaderControl<ConsentModel> {
  const load = useCallback(async (): Promise<ConsentModel> => {
    const types = await fetchConsentTypes();
    const type = types.find((item) => item.modelCode === model || item.code === model);
    if (!type) throw new Error(`Unknown consent model ${model}`);
    if (!withForm) return { type, form: null, notice: [] };
    const found = await fetchModel(type.modelCode);
    return { type, form: parseFormSchema(found.jsonSchema), notice: found.notice };
  }, [model, withForm]);
  return useLoader(load);
}
