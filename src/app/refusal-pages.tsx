/** The screens of a refused address and of an unknown one: each says so and leads home. */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { AccessRefusedState, NotFoundState } from '../ui/access-refused';
import { PageLayout } from '../ui/page-layout';

export function AccessRefusedPage(): JSX.Element {
  const { t } = useLingui();
  return (
    <PageLayout title={t`Accesso negato`}>
      <AccessRefusedState />
    </PageLayout>
  );
}

export function NotFoundPage(): JSX.Element {
  const { t } = useLingui();
  return (
    <PageLayout title={t`Pagina non trovata`}>
      <NotFoundState />
    </PageLayout>
  );
}
