import { IonButton } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { fetchHelpPages } from '../../api/help';
import { useLoader } from '../../api/use-loader';
import { loggedInAtom } from '../../auth/session';
import type { HelpPage } from '../../contract/reference';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import { HelpText } from '../../ui/help/help-text';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import './help-center.css';

type Kind = 'help' | 'faq';

/** The guide: every screen's help text, one section each. */
function Guide({ pages }: { pages: readonly HelpPage[] }): JSX.Element {
  return (
    <>
      {pages.map((page) => (
        <section key={`${page.controller}/${page.action}`} className="help-center-section">
          <h2>{page.title}</h2>
          <HelpText page={page} />
        </section>
      ))}
    </>
  );
}

/** The same texts as questions to open one at a time. */
function Faq({ pages }: { pages: readonly HelpPage[] }): JSX.Element {
  return (
    <div className="help-center-faq">
      {pages.map((page) => (
        <details key={`${page.controller}/${page.action}`}>
          <summary>
            <h2>{page.title}</h2>
          </summary>
          <HelpText page={page} />
        </details>
      ))}
    </div>
  );
}

/**
 * `/help` and `/faq` (spec 2: no login check): the help texts the screens' help sheet shows, read from the
 * same server texts, as a guide or as questions. Before a login the way back is the login page.
 */
function HelpCenterPage({ kind }: { kind: Kind }): JSX.Element {
  const { t, i18n } = useLingui();
  const loggedIn = useAtomValue(loggedInAtom);
  const user = useAtomValue(currentUserAtom);
  const signedIn = loggedIn && user !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts are asked again on a language switch
  const load = useCallback(() => fetchHelpPages(), [i18n.locale]);
  const { state, reload } = useLoader(load);
  const title = kind === 'help' ? t`Guida` : t`Domande frequenti`;

  return (
    <PageLayout title={title} withMenu={signedIn} {...(signedIn ? {} : { backTo: paths.login() })}>
      <div className="help-center">
        <LoadedView
          state={state}
          onRetry={reload}
          errorDetail={
            <p>
              <Trans>La guida non è disponibile in questo momento.</Trans>
            </p>
          }
        >
          {(help) => (kind === 'help' ? <Guide pages={help.pages} /> : <Faq pages={help.pages} />)}
        </LoadedView>
        <nav className="help-center-links" aria-label={t`Altre pagine di aiuto`}>
          {kind === 'help' ? (
            <Link to={paths.faq()}>
              <Trans>Domande frequenti</Trans>
            </Link>
          ) : (
            <Link to={paths.help()}>
              <Trans>Guida</Trans>
            </Link>
          )}
        </nav>
        <IonButton expand="block" fill="outline" routerLink={signedIn ? paths.home() : paths.login()}>
          {signedIn ? <Trans>Torna alla home</Trans> : <Trans>Torna all'accesso</Trans>}
        </IonButton>
      </div>
    </PageLayout>
  );
}

export function HelpPageScreen(): JSX.Element {
  return <HelpCenterPage kind="help" />;
}

export function FaqPageScreen(): JSX.Element {
  return <HelpCenterPage kind="faq" />;
}
