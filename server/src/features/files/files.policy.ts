/** What files the product takes, decided by their content (file-type's detection), never by name or declared type. */
export interface AcceptedType {
  mime: string;
  /** The extension a stored name ends with (a name that says otherwise gets this one). */
  ext: string;
  /** Re-encoded with sharp (metadata stripped) before it is kept. */
  image: boolean;
  /** Shown in the browser (images, video); anything else downloads as an attachment. */
  inline: boolean;
}

export const ACCEPTED_TYPES: readonly AcceptedType[] = [
  { mime: 'image/png', ext: 'png', image: true, inline: true },
  { mime: 'image/jpeg', ext: 'jpg', image: true, inline: true },
  { mime: 'image/webp', ext: 'webp', image: true, inline: true },
  { mime: 'image/gif', ext: 'gif', image: true, inline: true },
  { mime: 'application/pdf', ext: 'pdf', image: false, inline: false },
  { mime: 'video/mp4', ext: 'mp4', image: false, inline: true },
  { mime: 'video/quicktime', ext: 'mov', image: false, inline: true },
];

export const acceptedType = (mime: string | undefined): AcceptedType | undefined => ACCEPTED_TYPES.find((t) => t.mime === mime);

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export const FILE_MESSAGES = {
  missing: 'file is required: send multipart/form-data with the file in a field named "file"',
  malformed: 'file could not be read: the request is not valid multipart/form-data',
  tooMany: 'file: send one file per request',
  empty: 'file is empty',
  tooLarge: (limit: number) => `file is too large: at most ${mb(limit)} per file`,
  refusedType: (detected: string | undefined) =>
    `file must be a PNG, JPEG, WebP or GIF image, a PDF, or an MP4 or MOV video (this one is ${detected ? `${detected}` : 'none of these'}; the name does not decide)`,
  notImage: (detected: string | undefined) => `file must be a PNG, JPEG, WebP or GIF image (this one is ${detected ?? 'none of these'})`,
  unreadableImage: 'file could not be read as an image (damaged or too large in pixels)',
  notFound: 'File not found',
  linkExpired: 'This download link has expired: open the file again from where you found it',
  scopeFull: (limit: number) => `file: the files of this conversation or booking would exceed ${mb(limit)} in all`,
  notYours: 'file_ids: only files you uploaded yourself can be attached',
  cropField: (field: string) => `${field} must be a whole number of pixels (0 or more)`,
  cropOutside: 'crop must lie inside the image',
  cropTooSmall: 'crop must be at least 16 × 16 pixels',
  cropAfterFile: 'crop fields must come before the file in the form',
} as const;
