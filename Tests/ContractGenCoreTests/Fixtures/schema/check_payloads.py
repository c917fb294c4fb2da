#!/usr/bin/python3
"""The independent validator of the schema agreement test (SchemaAgreementTests).

Usage: check_payloads.py SCHEMA_DIR CASES_JSON
CASES_JSON is [{"schema": "<file name>", "payload": {...}}, ...]. Every schema
file in SCHEMA_DIR is first checked against the 2020-12 meta-schema. Prints
{"schemaProblems": [...], "results": [{"event": [...], "bundle": [...]}, ...]}
where each list holds the errors of the payload against its event's schema
and against contract.schema.json, as {"keyword", "path"} (path: instance
location, keys and indices joined by "/").

Needs Debian's python3-jsonschema (scripts/install-test-deps.sh installs it).
"""
import glob
import json
import os
import sys

from jsonschema import Draft202012Validator


def errors(validator, payload):
    found = []
    pending = list(validator.iter_errors(payload))
    while pending:
        error = pending.pop()
        found.append({"keyword": error.validator, "path": "/".join(str(p) for p in error.absolute_path)})
        pending.extend(error.context or [])
    return sorted(found, key=lambda e: (e["path"], e["keyword"]))


def main():
    schema_dir, cases_path = sys.argv[1], sys.argv[2]
    problems = []
    validators = {}
    for path in sorted(glob.glob(os.path.join(schema_dir, "*.schema.json"))):
        with open(path, encoding="utf-8") as f:
            schema = json.load(f)
        try:
            Draft202012Validator.check_schema(schema)
        except Exception as error:  # noqa: BLE001 - reported to the test
            problems.append("%s: %s" % (os.path.basename(path), error))
        validators[os.path.basename(path)] = Draft202012Validator(
            schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    with open(cases_path, encoding="utf-8") as f:
        cases = json.load(f)
    results = []
    for case in cases:
        results.append({
            "event": errors(validators[case["schema"]], case["payload"]),
            "bundle": errors(validators["contract.schema.json"], case["payload"]),
        })
    json.dump({"schemaProblems": problems, "results": results}, sys.stdout)


if __name__ == "__main__":
    main()
