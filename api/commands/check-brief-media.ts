import type { AppParameter } from '../../core/app/app-definition';
import type { Draft } from '../../core/content/draft';
import type { MediaFailure } from '../../core/content/unreachable-media';
import { checkMediaUrl } from '../../adapters/http/safe-fetch';
import type { ApiDeps } from '../deps';

/**
 * Checks the media URLs content/create drafted from the brief (not the caller's own inputs, which
 * are validated as for any run) the way a run would: reachable, allowed, and of an accepted kind.
 */
export async function checkBriefMedia(
  deps: ApiDeps,
  parameters: AppParameter[],
  draft: Draft,
): Promise<MediaFailure[]> {
  const drafted = parameters.filter((p) => p.type === 'url' && draft.sources[p.key] === 'url');
  const checks = await Promise.all(
    drafted.flatMap((p) =>
      [draft.inputs[p.key]].flat().map(async (url) => ({
        key: p.key,
        url: String(url),
        result: await checkMediaUrl(String(url), {
          accept: p.accept ?? ['image'],
          allowHosts: deps.config.SAFE_FETCH_ALLOW_HOSTS,
        }),
      })),
    ),
  );
  return checks.flatMap((c) => (c.result.ok ? [] : [{ key: c.key, url: c.url, reason: c.result.reason }]));
}
