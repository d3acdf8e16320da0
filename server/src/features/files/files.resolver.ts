import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import type { FileView } from './files.service';
import { FileType } from './files.types';

export const fileType = (f: FileView): FileType => ({
  id: f.id,
  name: f.name,
  size: f.size,
  contentType: f.contentType,
  createdAt: f.createdAt,
  signedUrl: f.url,
  signedUrlExpiresAt: f.urlExpiresAt,
});

@Resolver()
export class FilesResolver {
  @Query(() => FileType, { description: 'A file the viewer uploaded or may read where it is attached, with a fresh download link (NOT_FOUND otherwise). Upload with POST /api/v1/files (multipart, field "file").' })
  async file(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<FileType> {
    return fileType(await ctx.services.files.get(ctx, id));
  }
}
