import { createRequire } from 'node:module';
import { historyFromJSON, historyToJSON, type History } from '@temporalio/common/lib/proto-utils';
import * as proto from '@temporalio/proto';
import { patchProtobufRoot } from '@temporalio/proto/lib/patch-protobuf-root';

/**
 * `historyToJSON` / `historyFromJSON` of @temporalio/common, made to work in this install.
 *
 * Why: @grpc/proto-loader needs protobufjs 7, so npm keeps that one at the top of node_modules and gives
 * @temporalio/proto, /common and /worker a private copy of protobufjs 8 each. protobufjs' protojson checks
 * `type instanceof Type`, and the History type comes from @temporalio/proto's copy while common's protojson
 * is another copy: both helpers throw "type must be a Type" (and so does replaying a JSON history, which goes
 * through historyFromJSON). We call them first and, on that error only, do the same conversion with the
 * protojson of the copy @temporalio/proto uses. Once one protobufjs 8 is hoisted (a root dependency on
 * protobufjs ^8 does it), the SDK path simply succeeds.
 */
type ProtoJson = {
  toJson(type: unknown, message: unknown): unknown;
  fromJson(type: unknown, json: unknown, options?: object): unknown;
};

const protoJson = (): ProtoJson =>
  createRequire(require.resolve('@temporalio/proto'))('protobufjs/ext/protojson') as ProtoJson;
const historyType = () =>
  (patchProtobufRoot(proto) as unknown as { lookupType(name: string): unknown }).lookupType(
    'temporal.api.history.v1.History',
  );
const isSplitProtobuf = (err: unknown) => err instanceof TypeError && err.message === 'type must be a Type';

export function historyToJson(history: History): string {
  try {
    return historyToJSON(history);
  } catch (err) {
    if (!isSplitProtobuf(err)) throw err;
  }
  const message = proto.temporal.api.history.v1.History.fromObject(history);
  return JSON.stringify(protoJson().toJson(historyType(), message), null, 2);
}

/** A History message (eventId as Long), which the replayer takes as it is. */
export function historyFromJson(json: unknown): History {
  try {
    return historyFromJSON(json);
  } catch (err) {
    if (!isSplitProtobuf(err)) throw err;
  }
  const history = protoJson().fromJson(historyType(), json, { ignoreUnknownFields: true });
  if (history === null) throw new TypeError('Invalid history');
  return history as History;
}
