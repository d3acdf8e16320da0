import { tokenStorage } from '../../features/auth/lib/token-storage';

/** What the server takes (judged by content there; this only filters the picker): images, PDF, MP4 / MOV video. */
export const FILE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,application/pdf,video/mp4,video/quicktime';
/** Files one message, brief or delivery may carry. */
export const MAX_FILES = 10;

/** Uploads one file (POST /api/v1/files, field `file`) and answers its id; throws with the server's message when refused. */
export async function uploadFile(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = tokenStorage.getAccessToken();
  const res = await fetch('/api/v1/files', { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(body?.error ?? `Upload failed (${res.status})`);
  return body.data.id as string;
}

/** Uploads each file (at once), answering their ids in order. */
export const uploadAll = (files: readonly File[]) => Promise.all(files.map(uploadFile));

/** "820 B", "14 KB", "3.2 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(Math.round((bytes / (1024 * 1024)) * 10) / 10).toLocaleString('en-US')} MB`;
}
