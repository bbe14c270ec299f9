import { call } from '../../support/mcp';
import { mcpSession } from '../../support/mcp-session';

describe('MCP upload_asset answers the URL to PUT a file to', () => {
  const mcp = mcpSession();

  test('the answered URL takes the file; its cdnUrl serves it', async () => {
    const file = Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1');
    const answer = await call(mcp.client, 'upload_asset', {
      files: [{ filename: 'dot.gif', contentType: 'image/gif', sizeBytes: file.length }],
    });
    expect(answer.isError).toBeFalsy();
    const [upload] = answer.data.uploads as {
      uploadUrl: string;
      method: string;
      headers: Record<string, string>;
      cdnUrl: string;
    }[];
    expect(upload).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/gif' } });
    const url = new URL(upload.uploadUrl);
    const put = await mcp.api.http.put(`${url.pathname}${url.search}`).set(upload.headers).send(file);
    expect(put.status).toBe(200);
    const served = await mcp.api.http.get(new URL(upload.cdnUrl).pathname);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/gif');
  });

  test('a type that is not media is the envelope of a VALIDATION_ERROR', async () => {
    const answer = await call(mcp.client, 'upload_asset', {
      files: [{ filename: 'x.svg', contentType: 'image/svg+xml', sizeBytes: 10 }],
    });
    expect(answer.isError).toBe(true);
    expect(answer.error).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
