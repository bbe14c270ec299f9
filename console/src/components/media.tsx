/** A produced output as a person looks at it: an image, a video or audio player, or the text. */
export function MediaView({
  type,
  value,
  label,
  mimeType,
  full = false,
}: {
  type: string;
  value: unknown;
  label: string;
  mimeType?: string | null;
  /** At its own size (review): not fitted into a card's preview height. */
  full?: boolean;
}) {
  if (value === null || value === undefined) return <p className="muted">Not produced yet.</p>;
  const text = String(value);
  switch (type) {
    case 'image':
      return (
        <a href={text} target="_blank" rel="noreferrer" className="media-link">
          <img src={text} alt={label} className={full ? 'media media-full' : 'media'} loading="lazy" />
        </a>
      );
    case 'video':
      return (
        <video
          src={text}
          controls
          className={full ? 'media media-full' : 'media'}
          aria-label={label}
          preload="metadata"
        />
      );
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
