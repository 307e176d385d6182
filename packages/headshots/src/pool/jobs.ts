import type { HeadshotFormat } from '@ai-covers/contracts';
import type { Verdict } from '../check/rules';
import type { FaceDetail } from '../face/analyze';
import type { PortraitGeometry } from '../make/framing';
import type { PortraitFace, PortraitLayout } from '../make/portrait';
import type { ComposeJob, RenderJob, RenderResult } from '../make/render';
import type { CheckSettings } from '../settings';

// Messages between the calling thread and the workers. Every job is plain data (structured clone).

/** Decode, detect and judge one photo whose header already passed. */
export interface CheckJob {
  kind: 'check';
  bytes: Uint8Array;
  format: HeadshotFormat;
  settings: CheckSettings;
}

export interface CheckOutcome {
  verdict: Verdict;
  width: number;
  height: number;
  /** Main face, or null when none was found or the image could not be decoded. */
  face: FaceDetail | null;
  /** Faces that counted toward the one-face rule. */
  faces: number;
  /** Perceptual hashes of the picture and its mirror image; null when it could not be decoded. */
  fingerprint: { hash: string; mirrored: string } | null;
}

/** Like a check, and for an approved photo also cut its portrait and write it for rendering. */
export interface PrepareJob {
  kind: 'prepare';
  bytes: Uint8Array;
  format: HeadshotFormat;
  settings: CheckSettings;
  outHeight: number;
  rgbPath: string;
  /** Leave out the likeness judge's descriptor (a preview delivers nothing, so judges nothing). */
  skipJudge?: boolean;
}

export interface PrepareOutcome extends CheckOutcome {
  layout: PortraitLayout | null;
  /** The likeness judge's descriptor of the photo (null when declined or no face found by it). */
  judge: number[] | null;
}

/** Compute a portrait's matte, write it, and refine the geometry with it. */
export interface MatteJob {
  kind: 'matte';
  rgbPath: string;
  mattePath: string;
  width: number;
  height: number;
  geometry: PortraitGeometry;
  face: PortraitFace;
  maxSide: number;
  model: 'small' | 'medium';
}

export interface MatteOutcome {
  geometry: PortraitGeometry;
  /** Share of portrait pixels that are foreground, 0..1. */
  coverage: number;
}

export interface RenderJobMessage extends RenderJob {
  kind: 'render';
}

/** Compose one picture from a portrait held in memory and encode it as a JPEG (a preview). */
export interface PreviewJob extends ComposeJob {
  kind: 'preview';
  jpegQuality: number;
}

export interface PreviewOutcome {
  jpeg: Uint8Array;
}

/** The likeness judge's descriptor of raw RGB pixels (run on the pool's judge thread). */
export interface JudgeJob {
  kind: 'judge';
  rgb: Uint8Array;
  width: number;
  height: number;
}

export interface JudgeOutcome {
  descriptor: number[] | null;
}

export interface PingJob {
  kind: 'ping';
}
/** A ping's answer: the thread is up, and runs at this priority (nice value). */
export interface PingReply {
  priority: number;
}

export type Job = CheckJob | PrepareJob | MatteJob | RenderJobMessage | PreviewJob | JudgeJob | PingJob;

/** The result type of each job kind. */
export type JobResult<J extends Job> = J extends CheckJob
  ? CheckOutcome
  : J extends PrepareJob
    ? PrepareOutcome
    : J extends MatteJob
      ? MatteOutcome
      : J extends RenderJobMessage
        ? RenderResult
        : J extends PreviewJob
          ? PreviewOutcome
          : J extends JudgeJob
            ? JudgeOutcome
            : PingReply;
