import { defineFeature } from '../../platform/feature';
import type { FilesService } from '../storage/files.service';
import { libraryRoutes } from './library.routes';
import { createLibraryService } from './library.service';

/** The cloud file library (§2 account area), on the storage feature's files. */
export function createLibraryFeature(deps: { files: FilesService }) {
  const service = createLibraryService({ files: deps.files });
  return defineFeature({ service, routes: [libraryRoutes(service)] });
}
