import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { BriefView, DeliveryTerms, DeliveryView } from './deliveries.service';

export enum DeliveryStatus {
  SUBMITTED = 'submitted',
  CHANGES_REQUESTED = 'changes_requested',
  APPROVED = 'approved',
  CLOSED = 'closed',
}
registerEnumType(DeliveryStatus, {
  name: 'DeliveryStatus',
  description: 'submitted (waiting for the booker) -> changes_requested | approved; closed: the booking ended otherwise (a dispute, a cancellation)',
});

export enum DeliveryResponder {
  BOOKER = 'booker',
  SYSTEM = 'system',
}
registerEnumType(DeliveryResponder, { name: 'DeliveryResponder', description: 'booker, or system: the approval window ended without an answer' });

@ObjectType('BookingBrief', { description: "A booking's brief (its newest version): what the booker asks the creator to say, show and avoid" })
export class BookingBriefType implements Omit<BriefView, 'bookingId'> {
  @Field(() => ID)
  id!: string;

  @Field(() => Int, { description: 'Starts at 1; every change is a new version the creator confirms again' })
  version!: number;

  @Field(() => String)
  talkingPoints!: string;

  @Field(() => [String])
  links!: string[];

  @Field(() => String, { nullable: true, description: 'What to do' })
  dos!: string | null;

  @Field(() => String, { nullable: true, description: 'What not to do' })
  donts!: string | null;

  @Field(() => Boolean, { description: 'The content must be disclosed as an ad' })
  disclosureRequired!: boolean;

  @Field(() => [ID])
  fileIds!: string[];

  @Field(() => Date)
  submittedAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When the creator confirmed this version (null: not yet)' })
  confirmedAt!: Date | null;

  @Field(() => Int, { nullable: true, description: 'The newest version the creator confirmed (older than this one when the brief changed since)' })
  confirmedVersion!: number | null;
}

@ObjectType('BookingDelivery', { description: 'What the creator delivered (links, a note, files), stamped by the server, and the booker\'s answer' })
export class BookingDeliveryType implements Omit<DeliveryView, 'bookingId'> {
  @Field(() => ID)
  id!: string;

  @Field(() => Int, { description: '1 for the first delivery, 2 for the one after a change request…' })
  number!: number;

  @Field(() => [String])
  links!: string[];

  @Field(() => String, { nullable: true })
  note!: string | null;

  @Field(() => [ID])
  fileIds!: string[];

  @Field(() => Date)
  submittedAt!: Date;

  @Field(() => Date, { description: 'Silence approves the delivery then' })
  approvalDueAt!: Date;

  @Field(() => DeliveryStatus)
  status!: DeliveryStatus;

  @Field(() => String, { nullable: true, description: "The booker's note with a change request" })
  responseNote!: string | null;

  @Field(() => Date, { nullable: true })
  respondedAt!: Date | null;

  @Field(() => DeliveryResponder, { nullable: true })
  respondedBy!: 'booker' | 'system' | null;
}

@ObjectType('DeliveryTerms', { description: 'How many changes the booker may ask for, and how long they have to answer a delivery', simpleResolvers: true })
export class DeliveryTermsType implements DeliveryTerms {
  @Field(() => Int)
  revisionsIncluded!: number;

  @Field(() => Int)
  revisionsUsed!: number;

  @Field(() => Int)
  revisionsLeft!: number;

  @Field(() => Int)
  approvalWindowHours!: number;
}

@InputType('BookingBriefInput')
export class BookingBriefInput {
  @Field(() => String, { description: 'What the creator should say or show (required)' })
  talkingPoints!: string;

  @Field(() => [String], { nullable: true, description: 'Web addresses (product page, assets); at most 20' })
  links?: string[] | null;

  @Field(() => String, { nullable: true })
  dos?: string | null;

  @Field(() => String, { nullable: true })
  donts?: string | null;

  @Field(() => Boolean)
  disclosureRequired!: boolean;

  @Field(() => [ID], { nullable: true, description: 'Uploaded files (POST /api/v1/files); at most 10' })
  fileIds?: string[] | null;
}

@InputType('SubmitDeliveryInput')
export class SubmitDeliveryInput {
  @Field(() => [String], { nullable: true, description: 'VOD, clip and post addresses; at least one link or one file' })
  links?: string[] | null;

  @Field(() => String, { nullable: true })
  note?: string | null;

  @Field(() => [ID], { nullable: true, description: 'Uploaded files (screenshots, the clip); at most 10' })
  fileIds?: string[] | null;
}
