export { assertContentKey, contentKey, isContentKey, type BlobStorage } from './storage';
export { LocalDiskStorage } from './local-disk';
