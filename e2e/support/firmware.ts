import type { APIRequestContext } from '@playwright/test';
import { apiCall } from './tenancy';

/**
 * A published firmware version named `name`, in a new firmware space `spaceName`, from a small uploaded image
 * (`fileName`, `size` bytes); for the models listed (none: every model). Answers the package's id.
 */
export async function publishedFirmware(
  request: APIRequestContext,
  headers: Record<string, string>,
  o: { spaceName: string; name: string; version: string; fileName: string; size?: number; modelIdList?: string[] },
): Promise<string> {
  const { sid } = await apiCall(
    request,
    'POST',
    'space/addSpace',
    { name: o.spaceName, business: 'firmware', category: 'file', quota: 10_000_000 },
    headers,
  );
  const upload = await request.post(`/api/fis/fi/uploadFile?sid=${sid}`, {
    headers,
    multipart: {
      file: {
        name: o.fileName,
        mimeType: 'application/octet-stream',
        buffer: Buffer.alloc(o.size ?? 4096, `${o.name} ${o.version}\n`),
      },
    },
  });
  const { fid } = (await upload.json()).data;
  const { id } = await apiCall(
    request,
    'POST',
    'sw/addSw',
    {
      sid,
      swType: 'firmware',
      name: o.name,
      version: o.version,
      fidList: [fid],
      ...(o.modelIdList ? { modelIdList: o.modelIdList } : {}),
    },
    headers,
  );
  await apiCall(request, 'POST', 'sw/setSwPublished', { id, published: 1 }, headers);
  return id as string;
}
