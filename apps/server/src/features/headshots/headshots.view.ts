import {
  formatPhotoReason,
  type HeadshotPack,
  type HeadshotPhoto,
  type HeadshotResult,
  type PhotoDeclineCode,
} from '@ai-covers/contracts';
import type { PackRow, PhotoRow, ResultRow } from './headshots.repo';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A photo row as the API shows it; `url` is signed by the caller. */
export function photoView(row: PhotoRow, url: string | null): HeadshotPhoto {
  const reasons = row.reasons as PhotoDeclineCode[];
  return {
    id: row.id,
    name: row.name,
    status: row.status as HeadshotPhoto['status'],
    reasons,
    messages: reasons.map((code) => formatPhotoReason(code, row.data)),
    data: row.data,
    face: row.face ?? null,
    width: row.width,
    height: row.height,
    format: (row.format as HeadshotPhoto['format']) ?? null,
    capacity: row.capacity,
    url,
    pack_id: row.packId,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

/** A pack row as lists show it; the estimate and cover URL come from the service. */
export function packView(
  row: PackRow,
  extra: { estimateSeconds: number | null; coverUrl: string | null },
): HeadshotPack {
  return {
    id: row.id,
    status: row.status as HeadshotPack['status'],
    task_status: row.taskStatus as HeadshotPack['task_status'],
    plan: row.plan as HeadshotPack['plan'],
    styles: row.styles,
    gender: row.gender as HeadshotPack['gender'],
    count: row.count,
    delivered: row.delivered,
    progress: row.status === 'success' ? 1 : Math.round(row.progress * 1000) / 1000,
    stage: row.status === 'generating' ? (row.stage ?? 'queued') : null,
    estimate_seconds: row.status === 'generating' ? extra.estimateSeconds : null,
    error: row.status === 'failure' ? row.error : null,
    retries: row.retries,
    cover_url: extra.coverUrl,
    photos: row.photoIds.length,
    created_at: row.createdAt.toISOString(),
    finished_at: iso(row.finishedAt),
    expires_at: iso(row.expiresAt),
    kind: row.kind as HeadshotPack['kind'],
  };
}

/** A result row with its signed URLs. */
export function resultView(
  row: ResultRow,
  urls: { url: string; thumb: string; download: string },
): HeadshotResult {
  return {
    id: row.id,
    index: row.index,
    url: urls.url,
    thumb_url: urls.thumb,
    download_url: urls.download,
    name: row.name,
    style: row.style,
    backdrop: row.backdrop,
    framing: row.framing,
    grade: row.grade,
    likeness: Math.round(row.likeness * 1000) / 1000,
  };
}
