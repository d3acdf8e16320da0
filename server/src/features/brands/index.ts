import { defineModule } from '../../platform/module';
import { brandPageHead, brandSitemap } from './brand-page';
import { BookingBrandResolver, BrandsResolver } from './brands.resolver';
import { brandsRoutes } from './brands.rest';
import { BrandsService } from './brands.service';

declare module '../../platform/module' {
  interface Services {
    brands: BrandsService;
  }
}

/** Public brand profiles: the brand page, and the brand on a creator's booking card and in a conversation header. */
export const brandsModule = defineModule({
  name: 'brands',
  dependsOn: ['profiles', 'bookings'],
  resolvers: [BrandsResolver, BookingBrandResolver],
  routes: brandsRoutes,
  services: ({ services }) => ({ brands: new BrandsService({ profiles: () => services.profiles, bookings: () => services.bookings }) }),
  // The brand page's server-rendered head (title, description, Open Graph; an unknown brand is a 404), and the brands in /sitemap.xml.
  extend: () => ({ pageHeads: [brandPageHead], sitemapEntries: [brandSitemap] }),
});

export type { BrandsService, BrandView } from './brands.service';
export { BrandType } from './brands.types';
