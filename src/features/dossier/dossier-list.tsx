/** The body of the dossier: banner, active filters, then the documents or the state that replaces them. */
import { IonButton } from '@ionic/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { fieldErrorMessage } from '../../api/error-messages';
import { EmptyState, ErrorState } from '../../ui/state-views';
import { DocumentCards } from './document-cards';
import { DocumentTable } from './document-table';
import { ListSkeleton, MoreDocuments, OfflineBanner } from './dossier-states';
import { FilterChips } from './filter-chips';
import type { FilterOptions } from './filter-options';
import type { DossierFilters } from './filters';
import { hasActiveFilters, NO_FILTERS } from './filters';
import type { DocumentListControl } from './use-document-list';
import { useWideLayout } from './use-wide-layout';

export function DossierList({
  list,
  filters,
  options,
  onFilters,
  onOpenFilters,
}: {
  list: DocumentListControl;
  filters: DossierFilters;
  options: FilterOptions;
  onFilters: (filters: DossierFilters) => void;
  onOpenFilters: () => void;
}): JSX.Element {
  const { i18n } = useLingui();
  const wide = useWideLayout();
  const { state } = list;

  return (
    <>
      {state.status === 'ready' && state.value.cachedAt !== null && (
        <OfflineBanner at={state.value.cachedAt} />
      )}
      <FilterChips filters={filters} options={options} onChange={onFilters} />
      {list.periodRejected && (
        <p className="field-error" role="alert">
          {i18n._(fieldErrorMessage('invalidPeriod'))}{' '}
          <IonButton size="small" fill="clear" onClick={onOpenFilters}>
            <Trans>Modifica i filtri</Trans>
          </IonButton>
        </p>
      )}
      {state.status === 'loading' && <ListSkeleton />}
      {state.status === 'error' && !list.periodRejected && (
        <ErrorState reason={state.reason} onRetry={() => void list.reload()} />
      )}
      {state.status === 'ready' && state.value.items.length === 0 && (
        <EmptyState
          title={
            state.value.noDocumentsInDossier || !hasActiveFilters(filters) ? (
              <Trans>Nessun documento nel dossier</Trans>
            ) : (
              <Trans>Nessun documento corrisponde ai filtri scelti</Trans>
            )
          }
        >
          {!state.value.noDocumentsInDossier && hasActiveFilters(filters) && (
            <IonButton fill="outline" onClick={() => onFilters(NO_FILTERS)}>
              <Trans>Rimuovi i filtri</Trans>
            </IonButton>
          )}
        </EmptyState>
      )}
      {state.status === 'ready' && state.value.items.length > 0 && (
        <>
          <p className="doc-count" aria-live="polite">
            <Plural value={state.value.total} one="# documento" other="# documenti" />
          </p>
          {wide ? (
            <DocumentTable documents={state.value.items} onChange={list.replaceDocument} />
          ) : (
            <DocumentCards documents={state.value.items} onChange={list.replaceDocument} />
          )}
          {list.hasMore && (
            <MoreDocuments
              loading={list.loadingMore}
              onMore={() => void list.loadMore()}
              shown={state.value.items.length}
              total={state.value.total}
            />
          )}
        </>
      )}
    </>
  );
}
