/**
 * `/surveyTemplateList` (spec 2): the staff's survey templates (current versions), to edit, to assign
 * or to retire. A template a card uses is edited into a new version, so the answers keep their questions.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { addOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useLoader } from '../../../api/use-loader';
import type { SurveyTemplateSummary } from '../../../contract/surveys';
import { useDateFormat } from '../../../i18n/dates';
import { paths } from '../../../routing/paths';
import { confirm } from '../../../ui/confirm-dialog';
import { LoadedView } from '../../../ui/loaded-view';
import { PageLayout } from '../../../ui/page-layout';
import { Refresher } from '../../../ui/refresher';
import { EmptyState } from '../../../ui/state-views';
import { showToast } from '../../../ui/toasts';
import { fetchTemplates, retireTemplate } from '../api';
import '../surveys.css';
import '../../../ui/record-card.css';

function TemplateCard({
  template,
  onRetire,
}: {
  template: SurveyTemplateSummary;
  onRetire: () => void;
}): JSX.Element {
  const { date } = useDateFormat();
  const { version, questionCount, createdBy } = template;
  const created = date(template.createdAt);
  return (
    <article className="record-card survey-template" aria-label={template.title}>
      <h2>{template.title}</h2>
      <p>
        <Trans>
          Versione {version} · {questionCount} domande · {createdBy}, {created}
        </Trans>
      </p>
      {template.inUse && (
        <p className="survey-hint">
          <Trans>Già assegnato: una modifica crea una nuova versione.</Trans>
        </p>
      )}
      <div className="survey-actions">
        <IonButton routerLink={paths.createSurveyCard(template.id)}>
          <Trans>Assegna</Trans>
        </IonButton>
        {template.mine && (
          <IonButton fill="outline" routerLink={paths.createSurveyTemplate(template.id)}>
            <Trans>Modifica</Trans>
          </IonButton>
        )}
        {template.mine && (
          <IonButton fill="clear" color="danger" onClick={onRetire}>
            <Trans>Ritira</Trans>
          </IonButton>
        )}
      </div>
    </article>
  );
}

export function TemplateListPage(): JSX.Element {
  const { t } = useLingui();
  const list = useLoader(fetchTemplates, { keepOnError: true, refreshOnReturn: true });
  const { state } = list;
  const retire = async (template: SurveyTemplateSummary): Promise<void> => {
    const title = template.title;
    const yes = await confirm({
      header: msg`Ritira il modello`,
      message: msg`«${title}» non sarà più proposto per nuove assegnazioni. Le assegnazioni già fatte restano.`,
      confirmLabel: msg`Ritira`,
      destructive: true,
    });
    if (!yes) return;
    try {
      await retireTemplate(template.id);
      showToast('success', msg`Modello ritirato`);
    } catch {
      // The error toast said why.
    }
    void list.reload();
  };
  return (
    <PageLayout
      title={t`Modelli di questionario`}
      backTo={paths.surveys()}
      refresher={<Refresher onRefresh={list.reload} />}
      className="survey-page"
    >
      <IonButton
        className="survey-new"
        expand="block"
        fill="outline"
        routerLink={paths.createSurveyTemplate()}
      >
        <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
        <Trans>Nuovo modello</Trans>
      </IonButton>
      <LoadedView state={state} onRetry={list.reload}>
        {(value) => (
          <>
            {value.templates.length === 0 && <EmptyState title={<Trans>Nessun modello</Trans>} />}
            {value.templates.map((template) => (
              <TemplateCard key={template.id} template={template} onRetire={() => void retire(template)} />
            ))}
          </>
        )}
      </LoadedView>
    </PageLayout>
  );
}
