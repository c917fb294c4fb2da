// The framework-names contract under TypeScript: objects named Object, Array,
// Date, Response, Request, Event and Element, value sets named Promise, Map and
// Node, compile and run (TypeScriptNamesTests).
import * as fw from "./Generated/index.js";
import { expectEqual, finish } from "./check.js";

const envelope = { uuid: "00000000-0000-4000-8000-000000000001", clientTimestamp: new Date(0) };
const head = (event: string, kind: string): string =>
    `{"event":"${event}","kind":"${kind}","contractVersion":"1.0.0","uuid":"00000000-0000-4000-8000-000000000001","clientTimestamp":"1970-01-01T00:00:00.000Z"`;

const response = fw.response({
    ...envelope,
    object: fw.Object({ array: ["a", "b"] }),
    array: fw.Array({ date: new Date(1) }),
    date: fw.Date({ when: new Date(2) }),
    request: fw.Request({ response: fw.Response({ status: 200 }) }),
    happening: fw.Event({ map: fw.Map.sea }),
    element: fw.Element({ promise: fw.Promise.done }),
    promise: "pending",
    symbol: "s",
    math: 0.5,
});
expectEqual(response.wireJSON(), head("Response", "JSON")
    + `,"object":{"array":["a","b"]},"array":{"date":"1970-01-01T00:00:00.001Z"},"date":{"when":"1970-01-01T00:00:00.002Z"}`
    + `,"request":{"response":{"status":200}},"happening":{"map":"sea"},"element":{"promise":"done"},"promise":"pending","symbol":"s","math":0.5}`,
    "every framework name");
expectEqual(response.violations.length, 0, "valid");
const request: fw.ElementEvent = fw.request({ ...envelope, node: fw.Node.branch, date: { when: new Date(3) } });
expectEqual(request.wireJSON(), head("Request", "Element") + `,"node":"branch","date":{"when":"1970-01-01T00:00:00.003Z"}}`, "kind Element");
const promise = fw.promise(envelope);
expectEqual(promise.wireJSON(), head("Promise", "Element") + `,"node":"leaf"}`, "a fixed kind field");
expectEqual(promise.fields.node, "leaf", "the fixed field is among the fields");
finish();
