import { loadConfig } from '../../../core/config';
import { createStorage } from '../../../adapters/storage';

describe('createStorage', () => {
  test('STORAGE_DRIVER=fs gives a folder served under the public URL', () => {
    const storage = createStorage(loadConfig({ ATELIER_DATA_DIR: '/tmp/atelier-unused' }), {
      publicUrl: 'https://atelier.example.com',
    });

    expect(storage.driver).toBe('fs');
    expect(storage.url('a/b.png')).toBe('https://atelier.example.com/cdn/a/b.png');
  });

  test('STORAGE_DRIVER=s3 gives the bucket, with URLs from S3_PUBLIC_BASE_URL', () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://localhost:9000',
      S3_PUBLIC_BASE_URL: 'https://cdn.example.com',
    });

    const storage = createStorage(config, { publicUrl: 'https://atelier.example.com' });

    expect(storage.driver).toBe('s3');
    expect(storage.url('a/b.png')).toBe('https://cdn.example.com/a/b.png');
  });
});
