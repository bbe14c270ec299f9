/** The command line itself is wrong: reported with the usage text, exit code 2. */
export class UsageError extends Error {}
