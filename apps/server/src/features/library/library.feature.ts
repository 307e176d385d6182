import { defineFeature } from '../../platform/feature';
import type { FilesService } from '../storage/files/files.service';
import { libraryRoutes } from './library.routes';
import { createLibraryService, type RefusedFiles } from './library.service';

/** The cloud file library (§2 account area), on the storage feature's files. */
export function createLibraryFeature(deps: {
  files: FilesService;
  /** Features that refuse uploads after storing them name those, so the list leaves them out. */
  refused: RefusedFiles[];
}) {
  const service = createLibraryService({ files: deps.files, refused: deps.refused });
  return defineFeature({ service, routes: [libraryRoutes(service)] });
}
