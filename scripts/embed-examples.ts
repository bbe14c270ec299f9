/**
 * Embeds the labelled example requests with the local embeddings model and keeps their vectors beside
 * it (`<model>.examples.json`), so the service's first brief does not wait for them. Run by setup after
 * the model is converted; quick when the file is current (nothing new to embed).
 */
import pino from 'pino';
import { warmEmbeddings } from '../api/commands/semantic-scorer';
import { loadConfig } from '../core/config';

const started = Date.now();
warmEmbeddings(loadConfig({ ...process.env, EMBEDDINGS_PROVIDER: 'local' }), pino({ level: 'warn' }))
  .then(() => console.log(`example vectors ready in ${((Date.now() - started) / 1000).toFixed(1)} s`))
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => setTimeout(() => process.exit(), 0).unref());
