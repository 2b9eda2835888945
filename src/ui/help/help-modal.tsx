import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { fetchHelp } from '../../api/help';
import { useLoader } from '../../api/use-loader';
import { Sheet } from '../sheet';
import { ErrorState, LoadingState } from '../state-views';
import type { HelpTopic } from './help-button';

export function HelpModal({ topic, onClose }: { topic: HelpTopic; onClose: () => void }): JSX.Element {
  const { t, i18n } = useLingui();
  const { controller, action } = topic;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the help is asked again on a language switch
  const load = useCallback(() => fetchHelp(controller, action), [controller, action, i18n.locale]);
  const { state, reload } = useLoader(load);

  const title = state.status === 'ready' ? state.value.title : t`Guida`;
  return (
    <Sheet open onClose={onClose} title={title}>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && (
        <ErrorState onRetry={() => void reload()}>
          <p>
            <Trans>La guida di questa pagina non è disponibile.</Trans>
          </p>
        </ErrorState>
      )}
      {state.status === 'ready' && (
        <article className="help-text">
          {state.value.paragraphs.map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are static text in order
            <p key={index}>{paragraph}</p>
          ))}
        </article>
      )}
    </Sheet>
  );
}
