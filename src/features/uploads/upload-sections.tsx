/** The uploads in groups by state, each with its heading and count; empty groups are left out. */
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { UploadedDocument, UploadStatus } from '../../contract/uploads';
import { UploadCard, type UploadCardActions } from './upload-card';

export interface UploadGroup {
  statuses: readonly UploadStatus[];
  title: MessageDescriptor;
}

export function UploadSections({
  documents,
  groups,
  actions,
}: {
  documents: readonly UploadedDocument[];
  groups: readonly UploadGroup[];
  actions: UploadCardActions;
}): JSX.Element {
  const { i18n } = useLingui();
  return (
    <>
      {groups.map((group) => {
        const members = documents.filter((document) => group.statuses.includes(document.status));
        if (members.length === 0) return null;
        const title = i18n._(group.title);
        return (
          <section key={group.statuses.join()} className="upload-group" aria-label={title}>
            <h2>
              {title} <span className="upload-count">({members.length})</span>
            </h2>
            {members.map((document) => (
              <UploadCard key={document.id} document={document} {...actions} />
            ))}
          </section>
        );
      })}
    </>
  );
}
