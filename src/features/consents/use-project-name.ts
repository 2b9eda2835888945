/** The name of the project a project consent flow is about, to say "Hai aderito al progetto …". */
import { useEffect, useState } from 'react';
import { getJson } from '../../api/request';
import { ProjectDetails } from '../../contract/projects';

export function useProjectName(projectId: number | null): string | null {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (projectId === null) return;
    let active = true;
    getJson(`projects/${projectId}`, ProjectDetails, { context: { quiet: true } })
      .then((project) => active && setName(project.name))
      .catch(() => undefined); // the result then names the consent instead
    return () => {
      active = false;
    };
  }, [projectId]);
  return name;
}
