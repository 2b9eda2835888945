import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { fetchHelp } from '../../api/help';
import type { HelpPage } from '../../contract/reference';
import { Sheet } from '../sheet';
import { ErrorState, LoadingState } from '../state-views';
import type { HelpTopic } from './help-button';

type HelpState = { status: 'loading' } | { status: 'ready'; page: HelpPage } | { status: 'error' };

export function HelpModal({ topic, onClose }: { topic: HelpTopic; onClose: () => void }): JSX.Element {
  const { t, i18n } = useLingui();
  const [state, setState] = useState<HelpState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload on retry and on a language switch
  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    fetchHelp(topic.controller, topic.action).then(
      (page) => active && setState({ status: 'ready', page }),
      () => active && setState({ status: 'error' }),
    );
    return () => {
      active = false;
    };
  }, [topic.controller, topic.action, attempt, i18n.locale]);

  const title = state.status === 'ready' ? state.page.title : t`Guida`;
  return (
    <Sheet open onClose={onClose} title={title}>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && (
        <ErrorState onRetry={() => setAttempt((n) => n + 1)}>
          <p>
            <Trans>La guida di questa pagina non è disponibile.</Trans>
          </p>
        </ErrorState>
      )}
      {state.status === 'ready' && (
        <article className="help-text">
          {state.page.paragraphs.map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are static text in order
            <p key={index}>{paragraph}</p>
          ))}
        </article>
      )}
    </Sheet>
  );
}
