import pino from 'pino';

/** Tests log nothing unless ATELIER_TEST_LOG names a level. */
export const testLogger = pino({ level: process.env.ATELIER_TEST_LOG ?? 'silent' });
