import { AtelierError } from '../errors';

/**
 * The webhook URL a caller gave, normalised, or null when none was given. Malformed URLs, other
 * protocols than `protocols`, and URLs carrying credentials are WEBHOOK_INVALID_URL.
 */
export function assertWebhookUrl(
  url: string | undefined,
  protocols: string[] = ['http:', 'https:'],
): string | null {
  if (url === undefined || url === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AtelierError('WEBHOOK_INVALID_URL', `Webhook URL is malformed: "${url.slice(0, 200)}"`);
  }
  if (!protocols.includes(parsed.protocol))
    throw new AtelierError(
      'WEBHOOK_INVALID_URL',
      `Webhook URL must use ${protocols.map((p) => p.replace(':', '')).join(' or ')}`,
    );
  if (parsed.username || parsed.password)
    throw new AtelierError('WEBHOOK_INVALID_URL', 'Webhook URL must not carry credentials');
  return parsed.toString();
}
