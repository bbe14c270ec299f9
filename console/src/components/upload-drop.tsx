import { useRef, useState } from 'react';
import { ApiError, errorText, getData } from '../lib/api';
import { useSession } from '../lib/session-context';

/** The types POST /v1/assets/upload-urls takes, by kind (adapters/http/media-kinds.ts). */
const TYPES: Record<string, string[]> = {
  image: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  video: ['video/mp4', 'video/webm', 'video/quicktime'],
  audio: ['audio/mpeg', 'audio/mp4', 'audio/wav', 'audio/ogg', 'audio/x-wav', 'audio/wave', 'audio/x-m4a'],
};

interface UploadTarget {
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
  cdnUrl: string;
}

/**
 * A file for a url input, by drop or picker: asks for an upload URL, PUTs the file there and hands back
 * its CDN URL (an input of the workspace's runs).
 */
export function UploadDrop({
  id,
  label,
  accept,
  onUploaded,
}: {
  id: string;
  label: string;
  accept: string[];
  onUploaded: (cdnUrl: string) => void;
}) {
  const { apiKey } = useSession();
  const picker = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: string | null }>({
    busy: false,
    error: null,
    done: null,
  });
  const [over, setOver] = useState(false);
  const types = accept.flatMap((kind) => TYPES[kind] ?? []);

  const upload = async (file: File) => {
    if (!types.includes(file.type)) {
      setState({ busy: false, done: null, error: `${file.name} is not one of ${types.join(', ')}` });
      return;
    }
    setState({ busy: true, error: null, done: null });
    try {
      const [target] = await getData<UploadTarget[]>(apiKey, '/assets/upload-urls', {
        method: 'POST',
        body: { files: [{ filename: file.name, contentType: file.type, sizeBytes: file.size }] },
      });
      const res = await fetch(target.uploadUrl, {
        method: target.method,
        headers: target.headers,
        body: file,
      });
      if (!res.ok) {
        const envelope = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
        throw new ApiError(
          res.status,
          envelope.code ?? `HTTP_${res.status}`,
          envelope.error ?? res.statusText,
        );
      }
      onUploaded(target.cdnUrl);
      setState({ busy: false, error: null, done: file.name });
    } catch (err) {
      setState({ busy: false, error: errorText(err), done: null });
    }
  };

  return (
    <div
      className={`upload-drop${over ? ' upload-drop-over' : ''}`}
      data-testid={`${id}-drop`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const file = e.dataTransfer.files[0];
        if (file) void upload(file);
      }}
    >
      <input
        ref={picker}
        id={`${id}-file`}
        type="file"
        accept={types.join(',')}
        className="visually-hidden"
        aria-label={`Upload a file for ${label}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
          e.target.value = '';
        }}
      />
      <button
        type="button"
        className="btn btn-small"
        onClick={() => picker.current?.click()}
        disabled={state.busy}
      >
        {state.busy ? 'Uploading…' : 'Upload a file'}
      </button>{' '}
      <span className="muted">or drop it here</span>
      {state.done ? (
        <p className="hint" role="status">
          Uploaded {state.done}.
        </p>
      ) : null}
      {state.error ? (
        <p className="field-error" role="alert">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
