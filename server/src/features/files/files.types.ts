import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('File', { description: 'An uploaded file (type checked by content; images re-encoded without metadata)' })
export class FileType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'The uploaded name, ending in the extension of what the file is' })
  name!: string;

  @Field(() => Int, { description: 'Bytes' })
  size!: number;

  @Field(() => String, { description: 'The type its content shows, e.g. image/png' })
  contentType!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => String, { description: 'A download link for the viewer, good until signedUrlExpiresAt (then read the file again)' })
  signedUrl!: string;

  @Field(() => Date)
  signedUrlExpiresAt!: Date;
}
