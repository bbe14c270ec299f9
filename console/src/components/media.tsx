/** A produced output as a person looks at it: an image, a video or audio player, or the text. */
export function MediaView({
  type,
  value,
  label,
  mimeType,
}: {
  type: string;
  value: unknown;
  label: string;
  mimeType?: string | null;
}) {
  if (value === null || value === undefined) return <p className="muted">Not produced yet.</p>;
  const text = String(value);
  switch (type) {
    case 'image':
      return (
        <a href={text} target="_blank" rel="noreferrer" className="media-link">
          <img src={text} alt={label} className="media" loading="lazy" />
        </a>
      );
    case 'video':
      return <video src={text} controls className="media" aria-label={label} preload="metadata" />;
    case 'audio':
      return <audio src={text} controls aria-label={label} preload="metadata" />;
    case 'text':
      return (
        <pre className="text-output" aria-label={label}>
          {text}
        </pre>
      );
    default:
      return (
        <p>
          <a href={text} target="_blank" rel="noreferrer">
            {label}
          </a>{' '}
          {mimeType ? <span className="muted">({mimeType})</span> : null}
        </p>
      );
  }
}
