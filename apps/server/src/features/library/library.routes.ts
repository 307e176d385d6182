import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Msg,
  envelopeOf,
  libraryDeleteBody,
  libraryDeleteData,
  libraryExportData,
  libraryFile,
  libraryIdParams,
  libraryListData,
  libraryListQuery,
  libraryRenameBody,
} from '@ai-covers/contracts';
import { requireOwner } from '../../platform/auth/identity';
import type { LibraryService } from './library.service';
import { ok } from '../../platform/http/envelope';

const tags = ['library'];

/** The cloud file library API (§2 account area); paths are ours since §7 does not show them. */
export function libraryRoutes(library: LibraryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/library/files',
      {
        schema: {
          tags,
          summary: "The caller's files, newest first: tab all/audio/image/video, date range, page",
          querystring: libraryListQuery,
          response: { 200: envelopeOf(libraryListData) },
        },
      },
      async (request) => ok(await library.list(requireOwner(request), request.query)),
    );

    app.post(
      '/v1/library/rename',
      {
        schema: {
          tags,
          summary: "Rename a file (max 100 characters; 'Duplicate name'; 'Modification is not supported.')",
          body: libraryRenameBody,
          response: { 200: envelopeOf(libraryFile) },
        },
      },
      async (request) => {
        const file = await library.rename(requireOwner(request), request.body.id, request.body.name);
        return ok(file, Msg.actionOk);
      },
    );

    app.post(
      '/v1/library/delete',
      {
        schema: {
          tags,
          summary: "Delete files and their bytes; all ids must be the caller's ('The file does not exist.')",
          body: libraryDeleteBody,
          response: { 200: envelopeOf(libraryDeleteData) },
        },
      },
      async (request) => {
        const deleted = await library.remove(requireOwner(request), request.body.ids);
        return ok({ deleted }, Msg.deleteOk);
      },
    );

    app.get(
      '/v1/library/export/:id',
      {
        schema: {
          tags,
          summary: 'A signed download URL of the original file (export)',
          params: libraryIdParams,
          response: { 200: envelopeOf(libraryExportData) },
        },
      },
      async (request) => ok(await library.exportFile(requireOwner(request), request.params.id)),
    );
  };
}
