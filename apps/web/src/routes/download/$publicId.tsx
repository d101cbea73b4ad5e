import { createFileRoute } from '@tanstack/react-router';
import { DownloadPage } from '../../features/pc-download/pages/DownloadPage';

/** The public download page of a piece of PC software (ours; outside the console's layouts, no session needed). */
export const Route = createFileRoute('/download/$publicId')({ component: RouteComponent });

function RouteComponent() {
  const { publicId } = Route.useParams();
  return <DownloadPage publicId={publicId} />;
}
