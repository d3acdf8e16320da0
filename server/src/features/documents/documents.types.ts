import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DocumentKind } from './document.entity';

registerEnumType(DocumentKind, { name: 'DocumentKind', description: 'invoice, receipt, credit_note, payout_statement or monthly_statement' });

@ObjectType('Document', { description: 'An issued document (immutable); its PDF downloads from `url` for the parties and support' })
export class DocumentType {
  @Field(() => ID)
  id!: string;

  @Field(() => DocumentKind)
  kind!: DocumentKind;

  @Field(() => String, { description: 'Numbered per issuer without gaps, e.g. INV-1A2B3C4D-000001' })
  number!: string;

  @Field(() => Int, { description: 'Total in cents (a credit note: the amount credited)' })
  totalCents!: number;

  @Field(() => String, { description: 'ISO 4217 code' })
  currency!: string;

  @Field(() => Date)
  issuedAt!: Date;

  @Field(() => String, { description: 'The PDF (GET with the bearer token): 404 for anyone but the parties and support' })
  url!: string;
}

@ObjectType('BillingDetails', { description: 'The name, address and tax id printed on invoices issued to the viewer' })
export class BillingDetailsType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  address!: string;

  @Field(() => String, { nullable: true })
  taxId!: string | null;
}

@InputType('BillingDetailsInput')
export class BillingDetailsInput {
  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'Postal address, lines separated by newlines' })
  address!: string;

  @Field(() => String, { nullable: true, description: 'VAT or tax id' })
  taxId?: string | null;
}
