/** A command the operator got wrong (unknown workspace, duplicate name ...): reported without a stack. */
export class CliCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliCommandError';
  }
}
