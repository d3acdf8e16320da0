import type { Area } from 'react-easy-crop';
import { tokenStorage } from '../../auth/lib/token-storage';

/** What the server takes per file (FILES_MAX_BYTES' default); checked here first so nobody waits for a refusal. */
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/**
 * Sends a photo with its crop (pixels of the image as the browser shows it, EXIF orientation applied,
 * as the server reads it) to PUT /api/v1/users/profile/photo; the crop fields go before the file.
 * Throws with the server's message when refused.
 */
export async function uploadProfilePhoto(file: Blob, crop: Area | null): Promise<void> {
  const form = new FormData();
  if (crop) {
    form.append('crop_x', String(Math.max(0, Math.round(crop.x))));
    form.append('crop_y', String(Math.max(0, Math.round(crop.y))));
    form.append('crop_width', String(Math.max(1, Math.round(crop.width))));
    form.append('crop_height', String(Math.max(1, Math.round(crop.height))));
  }
  form.append('file', file, 'photo');
  const token = tokenStorage.getAccessToken();
  const res = await fetch('/api/v1/users/profile/photo', {
    method: 'PUT',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new Error(body?.error ?? `The photo could not be saved (${res.status})`);
  }
}
