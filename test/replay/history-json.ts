// Workflow histories as JSON files, in the proto3 JSON form that `temporal workflow show --output
// json` and the Temporal UI's download also produce.
//
// Not through @temporalio/common's historyToJSON/historyFromJSON, the documented way: in this
// install @temporalio/common, @temporalio/proto and @temporalio/worker each carry their own copy of
// protobufjs 8 (the hoisted protobufjs is grpc's 7), so the protojson module @temporalio/common
// loads refuses the History type @temporalio/proto built with another copy ("type must be a
// Type"), both ways. The protojson of the copy that built the types does the same conversion, and
// keeps working once the copies are deduplicated.
import { createRequire } from 'node:module';
import proto from '@temporalio/proto';

type History = proto.temporal.api.history.v1.History;

interface ProtoJson {
  toJson(type: unknown, message: unknown): unknown;
  fromJson(type: unknown, json: unknown, options?: { ignoreUnknownFields?: boolean }): unknown;
}

const requireHere = createRequire(import.meta.url);
const protojson = createRequire(requireHere.resolve('@temporalio/proto'))('protobufjs/ext/protojson') as ProtoJson;
const HistoryType = proto.temporal.api.history.v1.History;

export function historyToJSON(history: proto.temporal.api.history.v1.IHistory): string {
  return JSON.stringify(protojson.toJson(HistoryType, HistoryType.fromObject(history)), null, 2);
}

export function historyFromJSON(json: unknown): History {
  // A file written by a newer server or CLI may carry fields this SDK does not know.
  const history = protojson.fromJson(HistoryType, json, { ignoreUnknownFields: true }) as History | null;
  if (!history?.events?.length) throw new TypeError('not a workflow history: no events');
  return history;
}
