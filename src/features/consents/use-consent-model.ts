/** The consent type and its model form for a flow: `medmakerModel` may name the model or the consent. */
import { useEffect, useState } from 'react';
import type { ConsentType } from '../../contract/consents';
import { fetchConsentTypes, fetchModel } from './api';
import type { ParsedForm } from './json-schema';
import { parseFormSchema } from './json-schema';

export type ConsentModelState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; type: ConsentType; form: ParsedForm | null };

export function useConsentModel(model: string | null, withForm: boolean, attempt = 0): ConsentModelState {
  const [state, setState] = useState<ConsentModelState>({ status: 'loading' });
  useEffect(() => {
    void attempt;
    let active = true;
    setState({ status: 'loading' });
    (async (): Promise<ConsentModelState> => {
      const types = await fetchConsentTypes();
      const type = types.find((item) => item.modelCode === model || item.code === model);
      if (!type) throw new Error(`Unknown consent model ${model}`);
      if (!withForm) return { status: 'ready', type, form: null };
      const found = await fetchModel(type.modelCode);
      return { status: 'ready', type, form: parseFormSchema(found.jsonSchema) };
    })()
      .then((next) => active && setState(next))
      .catch((error: unknown) => active && setState({ status: 'error', error }));
    return () => {
      active = false;
    };
  }, [model, withForm, attempt]);
  return state;
}
