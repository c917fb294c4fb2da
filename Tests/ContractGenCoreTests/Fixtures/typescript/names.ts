// Tests/Reference/Names under TypeScript: reserved words, Object.prototype's
// members and names that differ only in case compile and run, and nothing
// touches a prototype (TypeScriptNamesTests).
import * as shop from "./Generated/index.js";
import { expectEqual, finish } from "./check.js";

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).join();
const envelope = { uuid: "00000000-0000-4000-8000-000000000001", clientTimestamp: new Date(Date.UTC(2026, 10, 20, 12, 0, 0, 123)) };
const head = (event: string, kind: string): string =>
    `{"event":"${event}","kind":"${kind}","contractVersion":"1.0.0","uuid":"00000000-0000-4000-8000-000000000001","clientTimestamp":"2026-11-20T12:00:00.123Z"`;

const all = shop.class_({ ...envelope, proto: "p", constructor_: "c", prototype: "t", hasOwnProperty_: true, toString_: "s", valueOf_: 3 });
expectEqual(all.wireJSON(), head("class", "event") + `,"__proto__":"p","constructor":"c","prototype":"t","hasOwnProperty":true,"toString":"s","valueOf":3}`, "class: every member");
expectEqual(all.violations.length, 0, "class: valid");

// Absent members are absent, not Object.prototype's (constructor, toString, valueOf).
const none = shop.class_(envelope);
expectEqual(none.wireJSON(), head("class", "event") + "}", "class: no members");
expectEqual(none.violations.length, 0, "class: none valid");

const cased = shop.new_({ ...envelope, userId: "a", userID: "b" });
expectEqual(cased.wireJSON(), head("new", "event") + `,"userId":"a","userID":"b"}`, "names that differ only in case");

const made = shop.Prototype({ constructor_: "c", proto: "x", hasOwnProperty_: false });
const deleted = shop.delete_({ ...envelope, prototypeObject: made, protoSet: shop.Proto["__proto__"] });
expectEqual(deleted.wireJSON(), head("delete", "event") + `,"prototypeObject":{"constructor":"c","__proto__":"x","hasOwnProperty":false},"protoSet":"__proto__"}`, "delete: object and value set");
expectEqual(shop.Proto.constructor, "constructor", "value set code constructor");
expectEqual(shop.Proto.toString, "valueOf", "value set code toString");
expectEqual(Object.getPrototypeOf(shop.Proto), Object.prototype, "a __proto__ code is an own property");
expectEqual(shop.Prototype.check({ constructor_: "c" }).length, 0, "Prototype.check");

expectEqual(shop.constructor(envelope).wireJSON(), head("constructor", "event") + "}", "event constructor");
expectEqual(shop.proto({ ...envelope, proto: "y" }).wireJSON(), head("__proto__", "event") + `,"__proto__":"y"}`, "event __proto__");
expectEqual(shop.signIn(envelope).name, "signIn", "signIn");
expectEqual(shop.signin(envelope).name, "signin", "signin");

// A caller without types: JSON's own "__proto__" member is an unknown field, and pollutes nothing.
const hostile = JSON.parse(`{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}`) as object;
const event = (shop.class_ as (properties: object) => shop.EventEvent)(hostile);
expectEqual(event.violations.map((v) => v.path + " " + v.code).join(), "__proto__ unknownField,constructor unknownField", "hostile properties");
expectEqual(({} as { polluted?: boolean }).polluted, undefined, "Object.prototype not polluted");
expectEqual(Object.getOwnPropertyNames(Object.prototype).join(), prototypeNames, "Object.prototype unchanged");
expectEqual(shop.default_(envelope).kind, "event", "reserved word default");
finish();
