/** `/documentrequest/:patientId` and `/clinicalrequest/:patientId`: the wizard for reports or records. */
import { IonButton } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useState } from 'react';
import type { RequestKind } from '../../contract/document-requests';
import { paths } from '../../routing/paths';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { RequestAccess } from './request-access';
import { RequestWizard } from './request-wizard';
import './document-requests.css';

function RequestPage({ kind }: { kind: RequestKind }): JSX.Element {
  const { t } = useLingui();
  const title = kind === 'REPORTS' ? t`Copia di referti` : t`Cartella clinica`;
  const target = kind === 'REPORTS' ? paths.documentRequest : paths.clinicalRequest;
  const [refreshKey, setRefreshKey] = useState(0);
  const refresh = async (): Promise<void> => setRefreshKey((key) => key + 1);
  return (
    <RequestAccess title={title} target={target}>
      {({ patientId, userKey }) => (
        <PageLayout
          title={title}
          className="request-page"
          refresher={<Refresher onRefresh={refresh} />}
          actions={
            <IonButton routerLink={paths.archiveRequest(patientId)}>
              <Trans>Archivio</Trans>
            </IonButton>
          }
        >
          <RequestWizard
            key={`${kind}-${patientId}`}
            kind={kind}
            patientId={patientId}
            userKey={userKey}
            refreshKey={refreshKey}
          />
        </PageLayout>
      )}
    </RequestAccess>
  );
}

export function DocumentRequestPage(): JSX.Element {
  return <RequestPage kind="REPORTS" />;
}

export function ClinicalRequestPage(): JSX.Element {
  return <RequestPage kind="MEDICAL_RECORDS" />;
}
