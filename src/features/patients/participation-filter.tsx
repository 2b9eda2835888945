/**
 * Spec 4 "Filter values" on the staff list: a project the user runs, then participants, participants
 * with documents to validate, with validated uploads, invited, or neither. Hidden for users who run none.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { fetchProjects } from '../../api/projects';
import { useLoader } from '../../api/use-loader';
import type { ParticipationFilter as Filter } from '../../contract/patient';

export interface ProjectFilterValue {
  projectId?: number;
  participation?: Filter;
}

const FILTERS: readonly { value: Filter; label: MessageDescriptor }[] = [
  { value: 'participants', label: msg`Partecipanti` },
  { value: 'toValidate', label: msg`Partecipanti con documenti da validare` },
  { value: 'validated', label: msg`Partecipanti con caricamenti validati` },
  { value: 'invited', label: msg`Invitati` },
  { value: 'neither', label: msg`Né partecipanti né invitati` },
];

export function ParticipationFilter({
  value,
  onChange,
}: {
  value: ProjectFilterValue;
  onChange: (next: ProjectFilterValue) => void;
}): JSX.Element | null {
  const { t, i18n } = useLingui();
  const { state } = useLoader(useCallback(() => fetchProjects(), []));
  const projects = state.status === 'ready' ? state.value.filter((project) => project.isMember) : [];
  if (projects.length === 0) return null;
  const projectId = value.projectId ?? projects[0]?.id;
  return (
    <div className="field-grid participation-filter">
      <label className="field">
        <span>{t`Progetto`}</span>
        <select
          value={projectId}
          onChange={(event) => onChange({ ...value, projectId: Number(event.target.value) })}
        >
          {projects.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t`Partecipazione`}</span>
        <select
          value={value.participation ?? ''}
          onChange={(event) =>
            onChange({
              projectId,
              participation: FILTERS.find((filter) => filter.value === event.target.value)?.value,
            })
          }
        >
          <option value="">{t`Tutti i pazienti`}</option>
          {FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {i18n._(filter.label)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
