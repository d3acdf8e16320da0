import type { CreateProfileInput, ProfileForm_ProfileFragment } from '../../../gql/graphql';

/** Spec §2 "Brand profile dialog": brand name (required, §5) and about text. */
export interface BrandFormValues {
  brandName: string;
  about: string;
}

export function brandFormValues(profile: ProfileForm_ProfileFragment | null | undefined): BrandFormValues {
  return { brandName: profile?.displayName ?? '', about: profile?.bio ?? '' };
}

export const isBrandFormValid = (values: BrandFormValues) => values.brandName.trim() !== '';

/** Brands are stored as a profile: the brand name is the display name, the about text the bio. */
export function toBrandProfileInput(values: BrandFormValues, timezone: string): CreateProfileInput {
  return { displayName: values.brandName.trim(), bio: values.about.trim() || null, timezone };
}
