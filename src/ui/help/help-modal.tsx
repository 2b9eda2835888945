import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { fetchHelp } from '../../api/help';
import { useLoader } from '../../api/use-loader';
import { LoadedView } from '../loaded-view';
import { Sheet } from '../sheet';
import { HelpText } from './help-text';

/** The screen a help text belongs to, as the server names it (`/help/{controller}/{action}`). */
export interface HelpTopic {
  controller: string;
  action: string;
}

export function HelpModal({ topic, onClose }: { topic: HelpTopic; onClose: () => void }): JSX.Element {
  const { t, i18n } = useLingui();
  const { controller, action } = topic;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the help is asked again on a language switch
  const load = useCallback(() => fetchHelp(controller, action), [controller, action, i18n.locale]);
  const { state, reload } = useLoader(load);

  const title = state.status === 'ready' ? state.value.title : t`Guida`;
  return (
    <Sheet open onClose={onClose} title={title}>
      <LoadedView
        state={state}
        onRetry={reload}
        errorDetail={
          <p>
            <Trans>La guida di questa pagina non è disponibile.</Trans>
          </p>
        }
      >
        {(page) => (
          <article>
            <HelpText page={page} />
          </article>
        )}
      </LoadedView>
    </Sheet>
  );
}
