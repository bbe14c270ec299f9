import { z } from 'zod';
import { queryInteger } from '../validate';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PAGE_OFFSET_MAX, UPLOAD_FILES_MAX } from '../../core/limits';

export const AssetsQuery = z.object({
  runId: z.string().optional(),
  type: z.enum(['image', 'video', 'audio', 'text']).optional(),
  limit: queryInteger({ min: 1, max: PAGE_LIMIT_MAX }).default(PAGE_LIMIT_DEFAULT),
  offset: queryInteger({ min: 0, max: PAGE_OFFSET_MAX }).default(0),
});

/** POST /v1/assets/upload-urls: the files to upload, each with its media type and size. */
export const UploadUrlsBody = z.object({
  files: z
    .array(
      z.object({
        filename: z.string().trim().min(1).max(200),
        contentType: z.string().min(1).max(100),
        sizeBytes: z.number().int().min(1),
      }),
    )
    .min(1)
    .max(UPLOAD_FILES_MAX),
});
export type UploadUrlsBody = z.infer<typeof UploadUrlsBody>;
