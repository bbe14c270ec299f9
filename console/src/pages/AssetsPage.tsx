import { useState, type FormEvent } from 'react';
import { errorText, getData, request } from '../lib/api';
import { bytes, when } from '../lib/format';
import { Link } from '../lib/router';
import { useLoad, useSession } from '../lib/session-context';
import type { Asset, Page } from '../lib/types';
import { CopyButton, ErrorBanner, Loading, PageHeader, Pager } from '../components/ui';

const TYPES = ['image', 'video', 'audio', 'text'] as const;
const LIMIT = 24;

/** The gallery of produced media: filter by type, copy a CDN URL, copy media to the CDN (transfer). */
export function AssetsPage() {
  const [type, setType] = useState('');
  const [offset, setOffset] = useState(0);
  const assets = useLoad(
    (key, signal) => request<Page<Asset>>(key, '/assets', { query: { type, limit: LIMIT, offset }, signal }),
    [type, offset],
  );
  return (
    <section>
      <PageHeader
        title="Assets"
        subtitle="What completed runs produced, newest first, and media copied to the CDN."
      />
      <div className="toolbar">
        <div className="segmented" role="radiogroup" aria-label="Asset type">
          {['', ...TYPES].map((t) => (
            <label key={t || 'all'} className={type === t ? 'active' : ''}>
              <input
                type="radio"
                name="asset-type"
                value={t}
                checked={type === t}
                onChange={() => {
                  setType(t);
                  setOffset(0);
                }}
              />
              {t || 'all'}
            </label>
          ))}
        </div>
      </div>
      <TransferForm onDone={assets.reload} />
      <ErrorBanner error={assets.error} />
      {assets.loading && !assets.data ? <Loading label="Loading assets" /> : null}
      {assets.data && assets.data.data.length === 0 ? (
        <p className="muted">No {type || ''} assets yet.</p>
      ) : null}
      <ul className="card-grid asset-grid" aria-label="Assets">
        {(assets.data?.data ?? []).map((a) => (
          <AssetCard key={a.id} asset={a} />
        ))}
      </ul>
      {assets.data ? <Pager {...assets.data.pagination} onChange={setOffset} /> : null}
    </section>
  );
}

function AssetCard({ asset }: { asset: Asset }) {
  const url = asset.cdnUrl ?? asset.sourceUrl;
  const title = asset.nodeLabel ?? 'Transferred file';
  return (
    <li className="card asset-card" data-asset-type={asset.outputType}>
      <div className="asset-preview">
        {asset.outputType === 'image' && url ? <img src={url} alt={title} loading="lazy" /> : null}
        {asset.outputType === 'video' && url ? (
          <video src={url} controls preload="metadata" aria-label={title} />
        ) : null}
        {asset.outputType === 'audio' && url ? (
          <audio src={url} controls preload="metadata" aria-label={title} />
        ) : null}
        {asset.outputType === 'text' ? <p className="clamp">{asset.textContent}</p> : null}
      </div>
      <h2 className="asset-title">{title}</h2>
      <p className="muted small">
        {asset.outputType} · {bytes(asset.bytes)} · {when(asset.createdAt)}
        {asset.runId ? (
          <>
            {' '}
            · <Link to={`/runs/${asset.runId}`}>run {asset.runId.slice(0, 8)}</Link>
            {asset.revision && asset.revision > 1 ? ` (revision ${asset.revision})` : ''}
          </>
        ) : null}
      </p>
      {url ? (
        <div className="form-actions">
          <CopyButton text={url} label="Copy CDN URL" />
          <a className="btn btn-small" href={url} target="_blank" rel="noreferrer">
            Open
          </a>
        </div>
      ) : null}
    </li>
  );
}

/** POST /v1/publishing/transfer-asset: copy media from a (temporary) URL to a permanent CDN URL. */
function TransferForm({ onDone }: { onDone: () => void }) {
  const { apiKey } = useSession();
  const [sourceUrl, setSourceUrl] = useState('');
  const [mediaType, setMediaType] = useState<'image' | 'video' | 'audio'>('image');
  const [filename, setFilename] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const data = await getData<{ url: string }>(apiKey, '/publishing/transfer-asset', {
        method: 'POST',
        body: {
          sourceUrl: sourceUrl.trim(),
          mediaType,
          ...(filename.trim() ? { filename: filename.trim() } : {}),
        },
      });
      setResult(data.url);
      onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="card transfer">
      <summary>Transfer media to the CDN</summary>
      <form onSubmit={(e) => void submit(e)} className="transfer-form">
        <div className="field">
          <label htmlFor="transfer-url">Source URL</label>
          <input
            id="transfer-url"
            type="url"
            required
            placeholder="https://…"
            value={sourceUrl}
            onChange={(e) => setSourceUrl(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="transfer-type">Media type</label>
          <select
            id="transfer-type"
            value={mediaType}
            onChange={(e) => setMediaType(e.target.value as typeof mediaType)}
          >
            <option>image</option>
            <option>video</option>
            <option>audio</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="transfer-name">File name (optional)</label>
          <input id="transfer-name" value={filename} onChange={(e) => setFilename(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || !sourceUrl.trim()}>
          {busy ? 'Transferring…' : 'Transfer'}
        </button>
      </form>
      <ErrorBanner error={error} />
      {result ? (
        <p className="banner banner-ok" role="status">
          Permanent URL: <code className="break">{result}</code> <CopyButton text={result} />
        </p>
      ) : null}
    </details>
  );
}
