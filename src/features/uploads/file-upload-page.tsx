/**
 * `/fileUpload` (spec 2): needs perm.meview.customDocument.read, else /home. Patients upload and follow
 * their documents; physicians review what patients uploaded.
 */
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import { PatientUploads } from './patient-uploads';
import { ReviewUploads } from './review-uploads';
import './uploads.css';

export function FileUploadPage(): JSX.Element {
  const user = useAtomValue(currentUserAtom);
  if (!user?.permissionList.includes('perm.meview.customDocument.read'))
    return <Navigate to={paths.home()} replace />;
  if (user.userType === 'PAT') return <PatientUploads />;
  if (user.userType === 'PHY') return <ReviewUploads />;
  return <Navigate to={paths.home()} replace />;
}
