import type { Modality } from '../graph/modality';
import type { Asset } from '../responses/assets';

/** The columns of a stored asset that its presentation reads (an `assets` row has them). */
export interface StoredAsset {
  id: string;
  run_id: string | null;
  node_id: string | null;
  revision: number | null;
  node_label: string | null;
  output_type: Modality;
  source_url: string | null;
  cdn_url: string | null;
  text_content: string | null;
  mime_type: string | null;
  bytes: number | string | null;
  status: string;
  created_at: Date | string;
}

/** An asset as `GET /v1/assets` shows it: a run node's stored output, or a transferred file (no run). */
export function presentAsset(row: StoredAsset): Asset {
  return {
    id: row.id,
    runId: row.run_id,
    nodeId: row.node_id,
    revision: row.revision,
    nodeLabel: row.node_label,
    outputType: row.output_type,
    sourceUrl: row.source_url,
    cdnUrl: row.cdn_url,
    textContent: row.text_content,
    mimeType: row.mime_type,
    bytes: row.bytes === null ? null : Number(row.bytes),
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
