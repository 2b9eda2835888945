/** `/new-consents?patientId=`: the consents that can be collected, grouped; choosing one starts it. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLoader } from '../../api/use-loader';
import type { ConsentType } from '../../contract/consents-catalogue';
import { paths } from '../../routing/paths';
import { isPatientSide } from '../../session/roles';
import { currentUserAtom } from '../../session/session-atoms';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { fetchConsentTypes } from './api';
import { consentFlowQuery, parseConsentFlow } from './consent-flow';
import { CATEGORY_ORDER, CATEGORY_TITLE } from './consent-labels';
import './consents.css';

export function NewConsentsPage(): JSX.Element {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const flow = parseConsentFlow(useLocation().search);
  const user = useAtomValue(currentUserAtom);
  const isPatient = user ? isPatientSide(user.userType) : true;
  const { state, reload } = useLoader(fetchConsentTypes);

  const patientId = flow?.patientId ?? user?.patientId ?? null;
  const choose = (type: ConsentType): void => {
    if (patientId === null) return;
    const query = consentFlowQuery({ patientId, model: type.modelCode, action: 'give' });
    navigate(isPatient ? paths.signNewConsents(query) : paths.selectConsentSigner(query));
  };

  return (
    <PageLayout title={t`Nuovo consenso`} backTo={patientId ? paths.consents(patientId) : paths.home()}>
      <LoadedView state={state} onRetry={reload}>
        {(value) =>
          CATEGORY_ORDER.map((category) => {
            const items = value.filter((type) => type.category === category);
            if (items.length === 0) return null;
            return (
              <section key={category} className="consent-group">
                <h2>{i18n._(CATEGORY_TITLE[category])}</h2>
                <div className="choice-list">
                  {items.map((type) => {
                    const blocked = isPatient && !type.patientCollectable;
                    return (
                      <button
                        key={type.code}
                        type="button"
                        className="choice-card"
                        disabled={blocked}
                        onClick={() => choose(type)}
                      >
                        <strong>{type.desc}</strong>
                        <span className="muted">{type.description}</span>
                        {blocked && (
                          <span className="consent-note">
                            <Trans>Per questo consenso rivolgiti al tuo medico.</Trans>
                          </span>
                        )}
                      </button>
                    );
                  })}
                </div>
              </section>
            );
          })
        }
      </LoadedView>
    </PageLayout>
  );
}
