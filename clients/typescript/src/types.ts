import type { components, operations } from './schema';
import type { OPERATIONS } from './operations';

/** Every named schema of the document: `Schemas['Run']`, `Schemas['Asset']` ... */
export type Schemas = components['schemas'];
export type Run = Schemas['Run'];
/** The document's run stream event as sent: `data` is JSON text. */
export type RunStreamMessage = Schemas['RunStreamMessage'];
type StreamData<E> = E extends 'progress' | 'complete' | 'error'
  ? Run
  : E extends 'timeout'
    ? { message: string }
    : E extends 'ping'
      ? number
      : Schemas['RunNodeEvent'];
/** A run stream event with its `data` parsed, as `streamRun` yields it (the `contentSchema` of each event). */
export type RunStreamEvent = RunStreamMessage extends infer M
  ? M extends { event: infer E; data: string }
    ? Omit<M, 'data'> & { data: StreamData<E> }
    : never
  : never;
export type ErrorEnvelope = Schemas['ErrorEnvelope'];

export type OperationId = keyof typeof OPERATIONS;

type Parameters<O> = O extends { parameters: infer P } ? P : object;
type Field<T, K extends string> = K extends keyof T ? T[K] : never;
/** `{path: …}` when the operation takes path parameters (optional when all are), `{}` otherwise. */
type Argument<T, K extends string> = [Exclude<Field<T, K>, undefined>] extends [never]
  ? object
  : undefined extends Field<T, K>
    ? { [P in K]?: Exclude<Field<T, K>, undefined> }
    : { [P in K]: Field<T, K> };
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type BodyOf<O> = O extends { requestBody?: infer R } ? JsonOf<Exclude<R, undefined>> : never;
type Body<O> = [BodyOf<O>] extends [never] ? object : { body: BodyOf<O> };

/** What an operation takes: `{path?, query?, header?, body?}` as the document describes them. */
export type Input<Id extends OperationId> = Argument<Parameters<operations[Id]>, 'path'> &
  Argument<Parameters<operations[Id]>, 'query'> &
  Argument<Parameters<operations[Id]>, 'header'> &
  Body<operations[Id]>;

type Responses<O> = O extends { responses: infer R } ? R : never;
type SuccessOf<R> = {
  [S in keyof R]: S extends 200 | 201 | 202 ? JsonOf<R[S]> : never;
}[keyof R];

/** What an operation answers (every 2xx of it): the whole JSON body, `{data: …}` for most. */
export type Output<Id extends OperationId> = SuccessOf<Responses<operations[Id]>>;

/** One method per operation; the argument may be left out when nothing in it is required. */
export type OperationMethods = {
  [Id in OperationId]: object extends Input<Id>
    ? (input?: Input<Id>, init?: { signal?: AbortSignal }) => Promise<Output<Id>>
    : (input: Input<Id>, init?: { signal?: AbortSignal }) => Promise<Output<Id>>;
};
