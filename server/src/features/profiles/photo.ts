import { IMAGE_SIZES, mediaUrl } from '../files';

/** A profile photo or brand logo: the content address of each size it is served in (`{ "64": sha256, … }`). */
export type PhotoKeys = Record<string, string>;

/** The served size for a wanted one: the smallest at least as large, else the largest. */
export function photoSizeFor(wanted: number): number {
  return IMAGE_SIZES.find((s) => s >= wanted) ?? IMAGE_SIZES[IMAGE_SIZES.length - 1];
}

/** Where a profile's picture is: its uploaded photo in the size asked for, else the image URL it gave, else null (initials). */
export function avatarUrlOf(p: { photo?: PhotoKeys | null; profileImageUrl: string | null }, wanted: number): string | null {
  const key = p.photo?.[String(photoSizeFor(wanted))];
  return key ? mediaUrl(key) : p.profileImageUrl;
}

/** The same in SQL, for a profiles row `alias` (listing compiled reads, conversation headers). */
export function avatarUrlSql(alias: string, wanted: number): string {
  const size = photoSizeFor(wanted);
  return `coalesce('${mediaUrl("' || (" + `${alias}.photo->>'${size}'` + ") || '")}', ${alias}.profile_image_url)`;
}

/** Every size of a profile's photo (REST `avatar_urls`), or null. */
export function avatarUrlsOf(p: { photo?: PhotoKeys | null }): Record<string, string> | null {
  if (!p.photo) return null;
  return Object.fromEntries(IMAGE_SIZES.map((s) => [String(s), mediaUrl(p.photo![String(s)])]));
}
