import { defineModule } from '../../platform/module';
import { BillingDetails, IssuedDocument } from './document.entity';
import { BookingDocumentsResolver, DocumentsResolver } from './documents.resolver';
import { documentsRoutes } from './documents.rest';
import { DocumentsService } from './documents.service';

declare module '../../platform/module' {
  interface Services {
    documents: DocumentsService;
  }
}

/**
 * Documents businesses need: invoices and receipts when a payment is captured, credit notes for
 * refunds, payout and monthly statements for creators (PDFs), billing details, the ledger export.
 */
export const documentsModule = defineModule({
  name: 'documents',
  dependsOn: ['bookings'],
  entities: [IssuedDocument, BillingDetails],
  resolvers: [BookingDocumentsResolver, DocumentsResolver],
  routes: documentsRoutes,
  services: ({ deps, services }) => ({
    documents: new DocumentsService({ clock: deps.clock, orm: deps.orm, outbox: deps.outbox, bookings: services.bookings }),
  }),
  jobs: ({ services }) => [{ name: 'documents-monthly-statements', cron: '15 0 * * *', run: async (now) => void (await services.documents.issueMonthlyStatements(now)) }],
  extend: ({ services }) => ({ bookingMoveHandlers: [services.documents.moveHandler()] }),
});

// The front door: what other features use of this one.
export type { DocumentsService, InvoiceItem } from './documents.service';
export { invoiceLines } from './documents.service';
