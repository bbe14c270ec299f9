import { Connection } from '@temporalio/client';
import { testTemporalAddress } from '../support/temporal';

describe('the Jest global setup', () => {
  it('gives test workers the address of a running Temporal dev server with the custom search attributes', async () => {
    const address = testTemporalAddress();
    const connection = await Connection.connect({ address });
    try {
      const { customAttributes } = await connection.operatorService.listSearchAttributes({
        namespace: 'default',
      });
      expect(Object.keys(customAttributes)).toEqual(expect.arrayContaining(['workspaceId', 'appId']));
    } finally {
      await connection.close();
    }
  });
});
