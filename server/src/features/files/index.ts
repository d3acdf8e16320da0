import { defineModule } from '../../platform/module';
import { FilesResolver } from './files.resolver';
import { filesRoutes } from './files.rest';
import { FilesService, type FileScope } from './files.service';

declare module '../../platform/module' {
  interface Services {
    files: FilesService;
  }
  interface ExtensionPoints {
    /** Who may read the files attached to a scope ('booking', 'conversation'), answered by the feature that owns it. */
    fileScopes: FileScope;
  }
}

/**
 * Files: streamed uploads judged by content, images re-encoded without metadata, kept by content
 * address in the storage port, read through short-lived signed links checked against the scopes'
 * owners (extension point `fileScopes`); public images (profile photos, logos) in a few sizes.
 */
export const filesModule = defineModule({
  name: 'files',
  resolvers: [FilesResolver],
  routes: filesRoutes,
  services: ({ deps, contributions }) => ({
    files: new FilesService({ config: deps.config, clock: deps.clock, storage: deps.storage, scopes: () => contributions('fileScopes') }),
  }),
});

// The front door: what other features use of this one.
export type { AttachTarget, Crop, FileScope, FileView, FilesService } from './files.service';
export { FILE_LINK_SECONDS, IMAGE_SIZES, mediaUrl } from './files.service';
export { FileType } from './files.types';
export { fileType } from './files.resolver';
export { presentFile } from './files.rest';
export { readUpload, type IncomingFile } from './multipart';
